package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.MongoLakeCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.TableLayoutDefaults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --auto-promote} (on at 0.9 by default), {@code --no-auto-promote} and {@code
 * --change-data-feed} (config keys {@code storage.autoPromote}, a share or {@code false}, and
 * {@code storage.changeDataFeed}) lay out new collections' tables; a collection's {@code mongolake}
 * option overrides them.
 */
class TableLayoutFlagsTest {
  @TempDir Path dir;

  @Test
  void theFlagsReachTheServersConfigAndDefaultToTheLakesLayout() {
    DevCommand dev = new DevCommand();
    new CommandLine(dev).parseArgs("--auto-promote", "0.8", "--change-data-feed");
    ServeCommand plain = new ServeCommand();
    new CommandLine(plain).parseArgs();
    ServeCommand off = new ServeCommand();
    new CommandLine(off).parseArgs("--no-auto-promote");

    assertThat(dev.options.config("dev").layout())
        .isEqualTo(new TableLayoutDefaults(true, AutoPromote.atThreshold(0.8), true));
    assertThat(plain.options.config("serve").layout()).isEqualTo(TableLayoutDefaults.DEFAULTS);
    assertThat(TableLayoutDefaults.DEFAULTS.deletionVectors()).isTrue();
    assertThat(off.options.config("serve").layout().autoPromote()).isEqualTo(AutoPromote.OFF);
  }

  @Test
  void autoPromoteWithNoAutoPromoteIsRefused() {
    ServeCommand both = new ServeCommand();
    new CommandLine(both).parseArgs("--auto-promote", "0.9", "--no-auto-promote");
    assertThatThrownBy(() -> both.options.config("serve"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot combine --auto-promote 0.9 with --no-auto-promote: give one of them");
  }

  @Test
  void noDeletionVectorsTurnsThemOffAndIsRefusedWithDeletionVectors() {
    ServeCommand off = new ServeCommand();
    new CommandLine(off).parseArgs("--no-deletion-vectors");
    ServeCommand on = new ServeCommand();
    new CommandLine(on).parseArgs("--deletion-vectors");
    ServeCommand both = new ServeCommand();
    new CommandLine(both).parseArgs("--deletion-vectors", "--no-deletion-vectors");

    assertThat(off.options.config("serve").layout().deletionVectors()).isFalse();
    assertThat(on.options.config("serve").layout().deletionVectors()).isTrue();
    assertThatThrownBy(() -> both.options.config("serve"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot combine --deletion-vectors with --no-deletion-vectors: give one of them");
  }

  @Test
  void theConfigFileTurnsDeletionVectorsOffAndAFlagStillWins() throws IOException {
    Path file = dir.resolve("copy-on-write.conf");
    Files.writeString(file, "storage:\n  deletionVectors: false\n");
    ServeCommand fromFile = new ServeCommand();
    new CommandLine(fromFile).parseArgs("--config", file.toString());
    fromFile.options.applyConfigFile();
    ServeCommand flagged = new ServeCommand();
    new CommandLine(flagged).parseArgs("--config", file.toString(), "--deletion-vectors");
    flagged.options.applyConfigFile();

    assertThat(fromFile.options.config("serve").layout().deletionVectors()).isFalse();
    assertThat(flagged.options.config("serve").layout().deletionVectors()).isTrue();
  }

  @Test
  void theConfigFileSetsThemAndTheFlagWins() throws IOException {
    Path file = dir.resolve("mongolake.conf");
    Files.writeString(
        file,
        """
        storage:
          deletionVectors: true
          autoPromote: 0.8
          changeDataFeed: true
        """);
    ServeCommand fromFile = new ServeCommand();
    new CommandLine(fromFile).parseArgs("--config", file.toString());
    fromFile.options.applyConfigFile();
    ServeCommand flagged = new ServeCommand();
    new CommandLine(flagged).parseArgs("--config", file.toString(), "--auto-promote", "0.95");
    flagged.options.applyConfigFile();

    assertThat(fromFile.options.config("serve").layout())
        .isEqualTo(new TableLayoutDefaults(true, AutoPromote.atThreshold(0.8), true));
    assertThat(flagged.options.config("serve").layout().autoPromote())
        .isEqualTo(AutoPromote.atThreshold(0.95));
  }

  @Test
  void theConfigFileTurnsPromotionOffWithFalseAndAFlagStillWins() throws IOException {
    Path file = dir.resolve("off.conf");
    Files.writeString(file, "storage:\n  autoPromote: false\n");
    ServeCommand fromFile = new ServeCommand();
    new CommandLine(fromFile).parseArgs("--config", file.toString());
    fromFile.options.applyConfigFile();
    ServeCommand flagged = new ServeCommand();
    new CommandLine(flagged).parseArgs("--config", file.toString(), "--auto-promote", "0.7");
    flagged.options.applyConfigFile();
    Path on = dir.resolve("on.conf");
    Files.writeString(on, "storage:\n  autoPromote: 0.8\n");
    ServeCommand offByFlag = new ServeCommand();
    new CommandLine(offByFlag).parseArgs("--config", on.toString(), "--no-auto-promote");
    offByFlag.options.applyConfigFile();

    assertThat(fromFile.options.config("serve").layout().autoPromote()).isEqualTo(AutoPromote.OFF);
    assertThat(flagged.options.config("serve").layout().autoPromote())
        .isEqualTo(AutoPromote.atThreshold(0.7));
    assertThat(offByFlag.options.config("serve").layout().autoPromote()).isEqualTo(AutoPromote.OFF);
    Path bad = dir.resolve("true.conf");
    Files.writeString(bad, "storage:\n  autoPromote: true\n");
    assertThatThrownBy(() -> ConfigFileReader.read(bad))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(
            "storage.autoPromote must be a number in (0, 1], such as 0.9, or false, not true");
  }

  @Test
  void aThresholdOutsideZeroToOneIsRefusedNamingTheFlagOrKey() throws IOException {
    DevCommand dev = new DevCommand();
    new CommandLine(dev).parseArgs("--auto-promote", "1.5");
    assertThatThrownBy(() -> dev.options.config("dev"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--auto-promote (storage.autoPromote) must be a share in (0, 1]");
    Path file = dir.resolve("bad.conf");
    Files.writeString(file, "storage:\n  autoPromote: 0\n");
    assertThatThrownBy(() -> ConfigFileReader.read(file))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("storage.autoPromote must be a number in (0, 1]");
  }

  @Test
  void aServerWithDefaultsPromotesAndOneWithPromotionOffKeepsTheVariantOnly() {
    ServerConfig base =
        new ServerConfig(dir, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"));
    try (MongoLakeServer server = MongoLakeServer.start(base, "test")) {
      insertAndFlush(server, "defaulted");
    }
    try (MongoLakeServer server =
        MongoLakeServer.start(
            base.withLayout(new TableLayoutDefaults(false, AutoPromote.OFF, false)), "test")) {
      insertAndFlush(server, "plain");
      DocumentTableConfig defaulted =
          server.lake().db("app").collection("defaulted").table().orElseThrow().snapshot().config();
      assertThat(defaulted.autoPromote()).isEqualTo(AutoPromote.atThreshold(0.9));
      assertThat(defaulted.schema())
          .isEqualTo(DocumentSchema.parse(BsonDocument.parse("{kind: 'string'}")));
      DocumentTableConfig plain =
          server.lake().db("app").collection("plain").table().orElseThrow().snapshot().config();
      assertThat(plain.autoPromote()).isEqualTo(AutoPromote.OFF);
      assertThat(plain.schema()).isEqualTo(DocumentSchema.empty());
    }
  }

  private static void insertAndFlush(MongoLakeServer server, String collection) {
    MongoLakeCollection<Document> items = server.lake().db("app").collection(collection);
    for (int i = 0; i < 10; i++) {
      items.insertOne(new Document("_id", i).append("kind", "click"));
    }
    server.lake().flush();
  }

  @Test
  void newTablesTakeTheServersLayoutUnlessTheCollectionSaysOtherwise() {
    try (MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(dir, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withLayout(new TableLayoutDefaults(false, AutoPromote.atThreshold(0.9), true)),
            "test")) {
      server
          .lake()
          .db("app")
          .createCollection(
              "own",
              BsonDocument.parse("{mongolake: {autoPromote: false, changeDataFeed: false}}"));
      MongoLakeCollection<Document> events = server.lake().db("app").collection("events");
      MongoLakeCollection<Document> own = server.lake().db("app").collection("own");
      for (int i = 0; i < 10; i++) {
        events.insertOne(new Document("_id", i).append("kind", "click"));
        own.insertOne(new Document("_id", i).append("kind", "click"));
      }
      server.lake().flush();

      DocumentTableConfig defaulted = events.table().orElseThrow().snapshot().config();
      assertThat(defaulted.autoPromote()).isEqualTo(AutoPromote.atThreshold(0.9));
      assertThat(defaulted.changeDataFeed()).isTrue();
      assertThat(defaulted.schema())
          .isEqualTo(DocumentSchema.parse(BsonDocument.parse("{kind: 'string'}")));
      DocumentTableConfig overridden = own.table().orElseThrow().snapshot().config();
      assertThat(overridden.autoPromote()).isEqualTo(AutoPromote.OFF);
      assertThat(overridden.changeDataFeed()).isFalse();
      assertThat(overridden.schema()).isEqualTo(DocumentSchema.empty());
    }
  }
}
