package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MongoLakeCliTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalOut;
  private PrintStream originalErr;

  @BeforeEach
  void captureOutput() {
    originalOut = System.out;
    originalErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restoreOutput() {
    System.setOut(originalOut);
    System.setErr(originalErr);
  }

  @Test
  void helpListsTheDevCommand() {
    int exitCode = MongoLakeCli.run("--help");

    assertThat(exitCode).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: mongolake").contains("dev");
  }

  @Test
  void helpListsServeImportAndExport() {
    int exitCode = MongoLakeCli.run("--help");

    assertThat(exitCode).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("serve")
        .contains("import")
        .contains("export");
  }

  @Test
  void serveRefusesToRunWithoutAuthentication() {
    int exitCode = MongoLakeCli.run("serve", "--port", "0", "--http-port", "0");

    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Cannot serve without authentication: pass --auth");
  }

  @Test
  void unknownConnectionThreadKindIsRefusedBeforeStarting() {
    int exitCode =
        MongoLakeCli.run("dev", "--port", "0", "--no-http", "--connection-threads", "green");

    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Invalid value for option '--connection-threads'")
        .contains("event-loop")
        .contains("platform")
        .contains("virtual")
        .contains("green");
  }

  @Test
  void versionReportsTheBuildVersionAndTheJvm() {
    int exitCode = MongoLakeCli.run("--version");

    assertThat(exitCode).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("mongolake " + MongoLakeCli.version())
        .contains("Java " + Runtime.version().feature());
    assertThat(MongoLakeCli.version()).isNotEqualTo("unknown").doesNotContain("${");
    // Built in a git checkout: the commit is stamped, never a placeholder.
    assertThat(MongoLakeCli.commit()).matches("[0-9a-f]{10}(-dirty)?");
  }

  @Test
  void unknownOptionFailsWithUsage() {
    int exitCode = MongoLakeCli.run("--no-such-option");

    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("Unknown option: '--no-such-option'");
  }
}
