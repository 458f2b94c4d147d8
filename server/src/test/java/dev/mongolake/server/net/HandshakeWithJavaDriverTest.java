package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The official Java driver connects and runs the handshake and diagnostic commands. */
class HandshakeWithJavaDriverTest {

  private static RunningServer server;

  @BeforeAll
  static void startServer() {
    server = RunningServer.start();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Test
  void driverConnectsAndPings() {
    try (MongoClient client = MongoClients.create(server.uri(""))) {
      Document reply = client.getDatabase("admin").runCommand(new Document("ping", 1));

      assertThat(reply.get("ok")).isEqualTo(1.0);
    }
  }

  @Test
  void helloReportsAModernWritableStandalone() {
    try (MongoClient client = MongoClients.create(server.uri(""))) {
      Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));

      assertThat(hello.getBoolean("isWritablePrimary")).isTrue();
      assertThat(hello.getInteger("maxWireVersion")).isEqualTo(25);
      assertThat(hello.getInteger("minWireVersion")).isZero();
      assertThat(hello.getInteger("logicalSessionTimeoutMinutes")).isEqualTo(30);
      assertThat(hello.getInteger("maxWriteBatchSize")).isEqualTo(100_000);
      assertThat(hello.get("topologyVersion", Document.class))
          .containsOnlyKeys("processId", "counter")
          .containsEntry("counter", 0L);
      assertThat(hello.getLong("connectionId")).isPositive();
    }
  }

  @Test
  void buildInfoReportsTheCompatibleMongoDbVersion() {
    try (MongoClient client = MongoClients.create(server.uri(""))) {
      Document info = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));

      assertThat(info.getString("version")).isEqualTo("8.0.0");
      assertThat(info.getList("versionArray", Integer.class)).containsExactly(8, 0, 0, 0);
      assertThat(info.getString("mongolakeVersion")).isEqualTo("test");
    }
  }

  @Test
  void unknownCommandFailsWithCommandNotFound() {
    try (MongoClient client = MongoClients.create(server.uri(""))) {
      MongoDatabase db = client.getDatabase("app");

      assertThatThrownBy(() -> db.runCommand(new Document("frobnicate", 1)))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(59);
                assertThat(e.getErrorCodeName()).isEqualTo("CommandNotFound");
                assertThat(e.getErrorMessage()).isEqualTo("no such command: 'frobnicate'");
              });
    }
  }

  @Test
  void compassStartUpCommandsAnswer() {
    try (MongoClient client = MongoClients.create(server.uri(""))) {
      MongoDatabase admin = client.getDatabase("admin");

      assertThat(admin.runCommand(new Document("hostInfo", 1)).get("system", Document.class))
          .containsKeys("hostname", "numCores", "memSizeMB");
      assertThat(
              admin
                  .runCommand(
                      new Document("getParameter", 1).append("featureCompatibilityVersion", 1))
                  .get("featureCompatibilityVersion", Document.class)
                  .getString("version"))
          .isEqualTo("8.0");
      assertThat(
              admin.runCommand(new Document("connectionStatus", 1)).get("authInfo", Document.class))
          .containsKey("authenticatedUsers");
      assertThat(
              admin
                  .runCommand(new Document("getLog", "startupWarnings"))
                  .getList("log", Object.class))
          .isEmpty();
      assertThat(admin.runCommand(new Document("whatsmyuri", 1)).getString("you"))
          .startsWith("127.0.0.1:");
      assertThat(admin.runCommand(new Document("listCommands", 1)).get("commands", Document.class))
          .containsKeys("hello", "ping", "buildInfo", "serverStatus");
      assertThatThrownBy(() -> admin.runCommand(new Document("atlasVersion", 1)))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(59));
    }
  }

  @Test
  void serverStatusCountsConnections() {
    try (MongoClient client = MongoClients.create(server.uri(""))) {
      Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));

      assertThat(status.get("connections", Document.class).getInteger("current")).isPositive();
      assertThat(
              status.getEmbedded(
                  java.util.List.of("metrics", "cursor", "open", "total"), Long.class))
          .isNotNull();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "snappy", "zlib"})
  void compressedConnectionsWork(String compressor) {
    try (MongoClient client = MongoClients.create(server.uri("&compressors=" + compressor))) {
      Document reply =
          client
              .getDatabase("admin")
              .runCommand(new Document("ping", 1).append("padding", "x".repeat(10_000)));

      assertThat(reply.get("ok")).isEqualTo(1.0);
    }
  }
}
