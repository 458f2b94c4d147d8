package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code --iceberg-metadata} writes Iceberg metadata beside every collection's table. */
class IcebergMetadataFlagTest {
  @TempDir Path dir;

  @Test
  void theFlagTurnsIcebergMetadataOnForDevAndServe() {
    DevCommand dev = new DevCommand();
    new CommandLine(dev).parseArgs("--iceberg-metadata");
    ServeCommand serve = new ServeCommand();
    new CommandLine(serve).parseArgs("--auth");
    DevCommand plain = new DevCommand();
    new CommandLine(plain).parseArgs();

    assertThat(dev.options.config("dev").icebergMetadata()).isTrue();
    assertThat(serve.options.config("serve").icebergMetadata()).isFalse();
    assertThat(plain.options.config("dev").icebergMetadata()).isFalse();
  }

  @Test
  void aServerWithIcebergMetadataHasWrittenItWhenItHasClosed() {
    Path data = dir.resolve("data");
    String table;
    try (MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withIcebergMetadata(true),
            "test")) {
      server.lake().db("app").collection("users").insertOne(new Document("_id", 1));
      server.lake().flush();
      table = server.lake().db("app").collection("users").table().orElseThrow().path();
    }

    // The metadata is written in the background; closing the server finishes it.
    assertThat(data.resolve(table).resolve("metadata/version-hint.text")).exists();
    assertThat(data.resolve(table).resolve("metadata/v1.metadata.json")).exists();
  }
}
