package dev.mongolake.examples.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/getting-started.md shows {@code GettingStarted.java} and the Maven coordinates an
 * application needs: the page shows them exactly as this module compiles and runs them.
 */
class GettingStartedTest {

  private static final String PAGE = "getting-started.md";
  private static final Path SOURCE =
      Path.of("src/main/java/dev/mongolake/examples/embedded/GettingStarted.java");

  @TempDir Path workingDirectory;

  @Test
  void thePageShowsTheSourceFileVerbatim() throws IOException {
    List<String> source = Files.readAllLines(SOURCE);
    int from = indexOfLineStartingWith(source, "// tag::getting-started[]") + 1;
    int to = indexOfLineStartingWith(source, "// end::getting-started[]");

    assertThat(DocumentedExample.lines(PAGE, "embedded-java"))
        .containsExactlyElementsOf(source.subList(from, to));
  }

  @Test
  void thePageNamesTheCoordinatesOfThisVersion() {
    String block = String.join("\n", DocumentedExample.lines(PAGE, "embedded-maven"));

    assertThat(element(block, "groupId")).isEqualTo("dev.mongolake");
    assertThat(element(block, "artifactId")).isEqualTo("mongolake");
    assertThat(element(block, "version"))
        .isEqualTo(System.getProperty("mongolake.version"))
        .isNotBlank();
  }

  @Test
  void gettingStartedStoresAliceUnderTheWorkingDirectory() throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-cp",
            System.getProperty("java.class.path"),
            GettingStarted.class.getName());
    builder.directory(workingDirectory.toFile());
    builder.environment().remove("MONGOLAKE_PATH"); // the snippet's default: ./.mongolake
    builder.redirectError(ProcessBuilder.Redirect.INHERIT);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(process.exitValue()).isZero();
    Document alice = Document.parse(output.strip());
    assertThat(alice)
        .containsEntry("name", "Alice")
        .containsEntry("email", "alice@example.com")
        .containsEntry("status", "active");
    assertThat(workingDirectory.resolve(".mongolake/myapp/users/_delta_log")).isDirectory();
  }

  private static int indexOfLineStartingWith(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    throw new AssertionError(SOURCE + " has no line starting with " + prefix);
  }

  private static String element(String xml, String name) {
    Matcher matcher = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
    assertThat(matcher.find()).as("<%s> in %s", name, xml).isTrue();
    return matcher.group(1).strip();
  }
}
