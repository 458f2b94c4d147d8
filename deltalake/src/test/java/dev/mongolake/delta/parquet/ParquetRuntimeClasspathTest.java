package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Guards the module's lean runtime classpath: Parquet writing and reading must work with exactly
 * the jars the module declares at runtime scope (the Hadoop set is hand-picked, with transitive
 * dependencies excluded, so a parquet-java upgrade that needs one more class must fail here, not in
 * production).
 */
class ParquetRuntimeClasspathTest {
  private static final Path RUNTIME_CLASSPATH = Path.of("target", "runtime-classpath.txt");

  @Test
  void parquetWritesAndReadsWithOnlyTheRuntimeClasspath() throws Exception {
    String dependencies = Files.readString(RUNTIME_CLASSPATH).strip();
    assertThat(dependencies)
        .contains("parquet-hadoop")
        .doesNotContain("hadoop-client-api")
        .doesNotContain("hadoop-client-runtime")
        .doesNotContain("junit");
    String classpath =
        String.join(
            File.pathSeparator,
            Path.of("target", "classes").toAbsolutePath().toString(),
            Path.of("target", "test-classes").toAbsolutePath().toString(),
            dependencies);

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("--sun-misc-unsafe-memory-access=allow");
    command.add("-cp");
    command.add(classpath);
    command.add(RuntimeClasspathProbe.class.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = readAll(process);
    boolean exited = process.waitFor(2, TimeUnit.MINUTES);

    assertThat(exited).as("probe exited").isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).as(output).contains("ok 40").doesNotContain("ClassNotFound");
  }

  @Test
  void hadoopConfigurationIsCompleteOnTheTestClasspath() {
    // Tests that drive delta-kernel build a Hadoop Configuration: the shaded client jars must win
    // over the dependency-less hadoop-common that the runtime carries.
    var configuration = new org.apache.hadoop.conf.Configuration();

    assertThat(configuration.get("fs.defaultFS")).isEqualTo("file:///");
  }

  private static String readAll(Process process) throws IOException {
    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }
}
