package dev.mongolake.server.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MongoDB Node.js driver 7.x against a replica set member (src/test/node/node-driver-replica-
 * set.js): change streams (an insert and an update, a resume after a token, a database stream) and
 * a snapshot session that keeps reading at its first read's time.
 */
class NodeDriverReplicaSetTest {

  @TempDir Path data;
  @TempDir Path work;
  private MongoLakeServer server;

  @BeforeEach
  void start() {
    NodeClients.skipUnlessNodeAndNpmArePresent();
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
                .withReplication(ReplicationConfig.replicaSet("rs0")),
            "test");
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void changeStreamsSnapshotSessionsAndTransactionsWorkThroughTheNodeDriver() throws IOException {
    NodeClients clients = NodeClients.installed();
    ClientRun run =
        clients.node(
            List.of(
                "node-driver-replica-set.js",
                "mongodb://127.0.0.1:" + server.port() + "/?replicaSet=rs0",
                "app"),
            Map.of(),
            work,
            "node-driver-replica-set");

    assertThat(run.checks())
        .as(run.describe())
        .containsOnlyKeys(
            "watch insert and update",
            "resume after a token",
            "database stream",
            "snapshot session",
            "withTransaction");
    assertThat(run.checks().values())
        .as(run.describe())
        .allSatisfy(check -> assertThat(check.getBoolean("ok")).isTrue());
    assertThat(run.exitCode()).as(run.describe()).isZero();
  }
}
