package dev.mongolake.server.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import dev.mongolake.server.MongoLakeServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A smoke session through the MongoDB Node.js driver 7.x (src/test/node/node-driver-smoke.js)
 * against a real server: the script is run once for the class and each test checks part of what it
 * printed.
 */
class NodeDriverSmokeTest {

  @TempDir static Path data;
  @TempDir static Path work;

  private static NodeClients clients;
  private static MongoLakeServer server;
  private static ClientRun smoke;

  @BeforeAll
  static void startServerAndRunTheSmokeScript() throws IOException {
    if (NodeClients.missingTool().isPresent()) {
      return; // each test is then skipped with the reason
    }
    clients = NodeClients.installed();
    server = ClientTestServer.start(data);
    smoke = nodeDriver("node", "smoke");
  }

  @BeforeEach
  void skipWithoutNodeAndNpm() {
    NodeClients.skipUnlessNodeAndNpmArePresent();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private static ClientRun nodeDriver(String database, String logName) throws IOException {
    return clients.node(
        List.of("node-driver-smoke.js", server.connectionString(), database),
        Map.of(),
        work,
        logName);
  }

  @Test
  void everyCheckPassesAndTheScriptExitsZero() {
    assertThat(smoke.checks())
        .as(smoke.describe())
        .containsOnlyKeys(
            "connect",
            "insertMany",
            "find sort limit",
            "updateOne",
            "deleteOne",
            "aggregate",
            "cursor across batches",
            "duplicate key",
            "heartbeats");
    assertThat(smoke.checks().values())
        .as(smoke.describe())
        .allSatisfy(check -> assertThat(check.getBoolean("ok")).isTrue());
    assertThat(smoke.summary()).as(smoke.describe()).isEqualTo(MongoshSessionTest.done(0));
    assertThat(smoke.exitCode()).as(smoke.describe()).isZero();
  }

  @Test
  void findWithSortAndLimitReturnsTheTopThree() {
    assertThat(check("find sort limit").getList("value", Integer.class)).containsExactly(10, 9, 8);
  }

  @Test
  void aCursorIsReadAcrossSeveralGetMoreBatches() {
    assertThat(check("cursor across batches").get("value", Document.class))
        .isEqualTo(new Document("count", 250).append("ordered", true).append("getMores", 6));
  }

  @Test
  void aDuplicateIdFailsWithCode11000() {
    assertThat(check("duplicate key").get("value", Document.class))
        .isEqualTo(
            new Document("inserted", false).append("serverError", true).append("code", 11000));
  }

  @Test
  void serverMonitoringStreamsAwaitedHeartbeatsThatNeverFail() {
    Document heartbeats = check("heartbeats").get("value", Document.class);
    assertThat(heartbeats.getInteger("awaited")).as(smoke.describe()).isGreaterThanOrEqualTo(2);
    assertThat(heartbeats.getInteger("failed")).as(smoke.describe()).isZero();
  }

  @Test
  void theScriptsWritesAreVisibleToTheJavaDriver() {
    try (MongoClient java = ClientTestServer.javaClient(server)) {
      List<Document> items =
          java.getDatabase("node")
              .getCollection("items")
              .find(new Document("_id", new Document("$lte", 3)))
              .sort(new Document("_id", 1))
              .into(new ArrayList<>());
      assertThat(items)
          .containsExactly(
              new Document("_id", 1).append("sku", "s1").append("qty", 1000).append("edits", 1),
              new Document("_id", 3).append("sku", "s3").append("qty", 30));
      assertThat(java.getDatabase("node").getCollection("many").countDocuments()).isEqualTo(250);
    }
  }

  @Test
  void aRepeatedRunReportsTheDuplicateInsertsAndExitsNonZero() throws IOException {
    ClientRun first = nodeDriver("repeat", "repeat-first");
    assertThat(first.exitCode()).as(first.describe()).isZero();

    ClientRun second = nodeDriver("repeat", "repeat-second");

    Document insertMany = second.checks().get("insertMany");
    assertThat(insertMany).as(second.describe()).isNotNull();
    assertThat(insertMany.getBoolean("ok")).as(second.describe()).isFalse();
    assertThat(insertMany.get("value", Document.class).get("code")).isEqualTo(11000);
    assertThat(second.summary().getInteger("failures")).as(second.describe()).isPositive();
    assertThat(second.exitCode()).as(second.describe()).isEqualTo(1);
  }

  private Document check(String name) {
    Document check = smoke.checks().get(name);
    assertThat(check).as(smoke.describe()).isNotNull();
    return check;
  }
}
