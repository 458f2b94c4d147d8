package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JDK lookup shared by {@code ./mongolake} and {@code .ci/run} ({@code tools/find-jdk.sh}). */
class JdkLocatorTest {

  private static final Path SCRIPT = Path.of("..", "tools", "find-jdk.sh").toAbsolutePath();

  @TempDir Path temp;

  @Test
  void rejectsJava17WithAMessageNamingWhatToInstall() throws Exception {
    Path java17 = fakeJdk(temp.resolve("jdk-17"), 17);
    Path emptyJvmDir = Files.createDirectories(temp.resolve("jvm"));

    Result result =
        findJdk(
            Map.of("JAVA_HOME", java17.toString(), "MONGOLAKE_JVM_DIR", emptyJvmDir.toString()));

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stdout()).isEmpty();
    assertThat(result.stderr())
        .contains("MongoLake needs a JDK 25 or newer")
        .contains("JAVA_HOME=" + java17 + " is Java 17")
        .contains("Temurin 25");
  }

  @Test
  void prefersJavaHomeWhenItIsNewEnough() throws Exception {
    Path java25 = fakeJdk(temp.resolve("own-25"), 25);
    Path jvmDir = Files.createDirectories(temp.resolve("jvm"));
    fakeJdk(jvmDir.resolve("temurin-26"), 26);

    Result result =
        findJdk(Map.of("JAVA_HOME", java25.toString(), "MONGOLAKE_JVM_DIR", jvmDir.toString()));

    assertThat(result.exitCode()).isZero();
    assertThat(result.stdout().strip()).isEqualTo(java25.toString());
  }

  @Test
  void fallsBackToTheNewestSufficientJdkInTheSystemFolder() throws Exception {
    Path java17 = fakeJdk(temp.resolve("jdk-17"), 17);
    Path jvmDir = Files.createDirectories(temp.resolve("jvm"));
    fakeJdk(jvmDir.resolve("java-17-openjdk"), 17);
    Path temurin25 = fakeJdk(jvmDir.resolve("temurin-25-jdk"), 25);
    Files.createDirectories(jvmDir.resolve("not-a-jdk"));

    Result result =
        findJdk(Map.of("JAVA_HOME", java17.toString(), "MONGOLAKE_JVM_DIR", jvmDir.toString()));

    assertThat(result.exitCode()).isZero();
    assertThat(result.stdout().strip()).isEqualTo(temurin25.toString());
  }

  /** A directory that looks like a JDK of the given feature release to the locator. */
  private static Path fakeJdk(Path home, int feature) throws IOException {
    Path bin = Files.createDirectories(home.resolve("bin"));
    String java = "#!/bin/sh\necho '    java.specification.version = " + feature + "' >&2\n";
    for (String tool : new String[] {"java", "javac"}) {
      Path file = bin.resolve(tool);
      Files.writeString(file, java);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return home;
  }

  private static Result findJdk(Map<String, String> env) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder("bash", "-c", ". \"$1\" && find_jdk", "find-jdk", SCRIPT.toString());
    builder.environment().remove("JAVA_HOME");
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), stdout, stderr);
  }

  private record Result(int exitCode, String stdout, String stderr) {}
}
