package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.MongoLakeCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.HistoryRetention;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --vacuum-retention-hours} and {@code --history-window-seconds} set how much history the
 * server's lake keeps; {@code --deletion-vectors} how its new tables record replaced rows.
 */
class LakeFlagsTest {
  @TempDir Path dir;

  @Test
  void theFlagsReachTheServersConfigAndDefaultToTheLakes() {
    DevCommand dev = new DevCommand();
    new CommandLine(dev)
        .parseArgs("--vacuum-retention-hours", "1.5", "--history-window-seconds", "60");
    ServeCommand plain = new ServeCommand();
    new CommandLine(plain).parseArgs();

    assertThat(dev.options.config("dev").history())
        .isEqualTo(new HistoryRetention(Duration.ofMinutes(90), Duration.ofSeconds(60)));
    assertThat(plain.options.config("serve").history()).isEqualTo(HistoryRetention.DEFAULTS);
  }

  @Test
  void theConfigFileSetsThemAndFlagsStillWin() throws java.io.IOException {
    Path file = dir.resolve("mongolake.conf");
    java.nio.file.Files.writeString(
        file,
        """
        storage:
          icebergMetadata: true
          deletionVectors: true
          vacuumRetentionHours: 24
        setParameter:
          minSnapshotHistoryWindowInSeconds: 600
        """);
    ServeCommand fromFile = new ServeCommand();
    new CommandLine(fromFile).parseArgs("--config", file.toString());
    fromFile.options.applyConfigFile();
    ServeCommand flagged = new ServeCommand();
    new CommandLine(flagged)
        .parseArgs("--config", file.toString(), "--history-window-seconds", "30");
    flagged.options.applyConfigFile();

    ServerConfig config = fromFile.options.config("serve");
    assertThat(config.icebergMetadata()).isTrue();
    assertThat(config.deletionVectors()).isTrue();
    assertThat(config.history())
        .isEqualTo(new HistoryRetention(Duration.ofHours(24), Duration.ofMinutes(10)));
    assertThat(flagged.options.config("serve").history().historyWindow())
        .isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void aNegativeValueIsRefusedNamingTheFlag() {
    DevCommand dev = new DevCommand();
    new CommandLine(dev).parseArgs("--history-window-seconds", "-1");
    assertThatThrownBy(() -> dev.options.config("dev"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--history-window-seconds");
  }

  @Test
  void theServersRetentionIsWhatVacuumUsesWithoutForce() {
    try (MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(dir, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withHistory(new HistoryRetention(Duration.ZERO, Duration.ZERO)),
            "test")) {
      MongoLakeCollection<Document> items = server.lake().db("app").collection("items");
      items.insertOne(new Document("_id", 1).append("v", 0));
      server.lake().flush();
      items.updateOne(new Document("_id", 1), new Document("$set", new Document("v", 1)));
      server.lake().flush();

      assertThat(items.vacuum(null, false, false).paths()).isNotEmpty();
      assertThat(server.lake().options().historyWindow()).isZero();
    }
  }

  @Test
  void newTablesMarkReplacedRowsByDefaultAndNoDeletionVectorsRewritesFiles() {
    DevCommand dev = new DevCommand();
    new CommandLine(dev).parseArgs();
    assertThat(dev.options.config("dev").deletionVectors()).isTrue();
    ServerConfig defaults =
        new ServerConfig(dir, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"));

    assertThat(replaceOneOfTen(defaults, "marked"))
        .anySatisfy(file -> assertThat(file.deletionVector()).isNotNull());
    assertThat(replaceOneOfTen(defaults.withDeletionVectors(false), "copied"))
        .allSatisfy(file -> assertThat(file.deletionVector()).isNull());
  }

  /** The data files of {@code name}'s table after one of its ten flushed documents was replaced. */
  private static List<dev.mongolake.delta.log.AddFile> replaceOneOfTen(
      ServerConfig config, String name) {
    try (MongoLakeServer server = MongoLakeServer.start(config, "test")) {
      MongoLakeCollection<Document> items = server.lake().db("app").collection(name);
      for (int i = 0; i < 10; i++) {
        // One row in ten replaced stays below the share at which compaction purges the file.
        items.insertOne(new Document("_id", i).append("v", 0));
      }
      server.lake().flush();
      items.updateOne(new Document("_id", 1), new Document("$set", new Document("v", 1)));
      server.lake().flush();

      assertThat(items.countDocuments(new Document("v", 1))).isEqualTo(1);
      assertThat(items.countDocuments()).isEqualTo(10);
      var snapshot = items.table().orElseThrow().snapshot();
      assertThat(snapshot.config().deletionVectors()).isEqualTo(config.deletionVectors());
      return snapshot.files();
    }
  }
}
