package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.MongoLake;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MongoLakeCliTest {

  @TempDir Path dir;

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

  @Test
  void secondServerOnAHeldDataFolderPrintsOneLine() {
    Path data = dir.resolve("data");
    try (MongoLakeServer first =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test")) {
      int exitCode = MongoLakeCli.run("dev", "--port", "0", "--no-http", "--path", data.toString());

      assertThat(exitCode).isEqualTo(1);
      Path folder = data.toAbsolutePath().normalize();
      assertThat(err.toString(StandardCharsets.UTF_8))
          .isEqualTo(
              "mongolake: Cannot start: the data folder "
                  + folder
                  + " is in use by another MongoLake process (lock file "
                  + folder.resolve("_wal").resolve("daktilo.lock")
                  + ")"
                  + System.lineSeparator());
    }
  }

  @Test
  void aRecordAppendedToTheLogByHandStopsTheStartInOneLineNamingIt() {
    Path data = dir.resolve("data");
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("users").insertOne(new org.bson.Document("_id", 1));
    }
    long appended;
    try (Daktilo log = Daktilo.open(data.resolve("_wal"))) {
      appended = log.append("hello".getBytes(StandardCharsets.UTF_8));
    }

    int exitCode = MongoLakeCli.run("dev", "--port", "0", "--no-http", "--path", data.toString());

    assertThat(exitCode).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith(
            "mongolake: Cannot open the lake: write-ahead log record "
                + appended
                + " is not a change MongoLake wrote")
        .doesNotContain("\tat ")
        .hasLineCount(1);
  }

  @Test
  void damageInsideTheLogStopsTheStartInOneLineNamingTheVerifyCommand() throws IOException {
    Path data = dir.resolve("data");
    try (MongoLake lake = MongoLake.open(data)) {
      for (int i = 1; i <= 5; i++) {
        lake.db("app").collection("users").insertOne(new org.bson.Document("_id", i));
      }
    }
    Path segment;
    try (var files = Files.list(data.resolve("_wal"))) {
      segment = files.filter(f -> f.toString().endsWith(".log")).sorted().toList().getFirst();
    }
    byte[] bytes = Files.readAllBytes(segment);
    int firstRecordPayload = 64 + 30; // past the segment header, inside the first record
    bytes[firstRecordPayload] ^= 0x5A;
    Files.write(segment, bytes);

    int exitCode = MongoLakeCli.run("dev", "--port", "0", "--no-http", "--path", data.toString());

    assertThat(exitCode).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("mongolake: Cannot open the lake: its write-ahead log is damaged: ")
        .contains("mongolake log verify")
        .hasLineCount(1);
  }

  @Test
  void aTableThatLostItsNewestCommitStopsTheStartUnlessTheLossIsAccepted() throws IOException {
    Path data = dir.resolve("data");
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("users").insertOne(new org.bson.Document("_id", 1));
      lake.flush();
      lake.db("app").collection("users").insertOne(new org.bson.Document("_id", 2));
    }
    try (var commits = Files.list(data.resolve("app/users/_delta_log"))) {
      Files.delete(commits.filter(f -> f.toString().endsWith(".json")).sorted().toList().getLast());
    }

    int refused = MongoLakeCli.run("dev", "--port", "0", "--no-http", "--path", data.toString());

    assertThat(refused).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("mongolake: Cannot open the lake: the Delta tables of app.users")
        .contains("--accept-table-loss")
        .hasLineCount(1);
    try (MongoLakeServer accepted =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withAcceptTableLoss(true),
            "test")) {
      assertThat(accepted.lake().db("app").collection("users").countDocuments()).isEqualTo(1);
    }
  }

  @Test
  void unknownConfigKeyIsRefusedByNameAtStartup() throws IOException {
    Path config = Files.writeString(dir.resolve("mongolake.conf"), "net:\n  prot: 27017\n");

    int exitCode = MongoLakeCli.run("dev", "-f", config.toString(), "--port", "0", "--no-http");

    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith(
            "mongolake: Cannot read config file "
                + config.toAbsolutePath()
                + ": unknown key net.prot")
        .hasLineCount(1);
  }

  @Test
  void serveWithAuthorizationDisabledInTheConfigFileStillNeedsInsecure() throws IOException {
    Path config =
        Files.writeString(dir.resolve("mongolake.conf"), "security:\n  authorization: disabled\n");

    int exitCode = MongoLakeCli.run("serve", "--config", config.toString(), "--port", "0");

    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Cannot serve without authentication: pass --auth");
  }

  @Test
  void anUnknownLogLevelIsRefusedBeforeStarting() {
    int exitCode = MongoLakeCli.run("dev", "--port", "0", "--no-http", "--log-level", "loud");

    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Invalid value for option '--log-level'")
        .contains("Cannot use log level 'loud': expected one of trace, debug, info, warn, error");
  }
}
