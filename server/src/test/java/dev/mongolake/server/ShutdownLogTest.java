package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.logging.LogCapture;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A shutdown says what it waits for while the buffers flush, and how long it took. */
class ShutdownLogTest {

  @TempDir Path data;

  private MongoLakeServer start() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")), "test");
  }

  @Test
  void shutdownSaysWhatItIsDoing() {
    MongoLakeServer server = start();
    server.lake().db("app").collection("users").insertOne(new Document("_id", 1));
    server.lake().db("app").collection("users").insertOne(new Document("_id", 2));
    server.lake().db("app").collection("orders").insertOne(new Document("_id", 1));

    List<String> lines;
    try (LogCapture log = LogCapture.of(MongoLakeServer.class, Level.INFO)) {
      server.close();
      lines = log.messages(Level.INFO);
    }

    assertThat(lines).hasSize(5);
    assertThat(lines.get(0)).isEqualTo("Shutting down: no commands in flight");
    assertThat(lines.get(1))
        .isEqualTo("Shutting down: flushing 2 collections (3 documents buffered)");
    assertThat(lines.get(2)).matches("Shutting down: flushed 1/2 collections \\(app\\.\\w+\\)");
    assertThat(lines.get(3)).matches("Shutting down: flushed 2/2 collections \\(app\\.\\w+\\)");
    assertThat(lines.get(4)).matches("Stopped after \\d+\\.\\d s");
  }

  @Test
  void shutdownWithNothingBufferedSaysSo() {
    MongoLakeServer server = start();

    List<String> lines;
    try (LogCapture log = LogCapture.of(MongoLakeServer.class, Level.INFO)) {
      server.close();
      lines = log.messages(Level.INFO);
    }

    assertThat(lines)
        .hasSize(3)
        .contains(
            "Shutting down: no buffered writes to flush", "Shutting down: no commands in flight");
  }
}
