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
 * A scripted mongosh 2.12 session (src/test/node/mongosh-session.js) against a real server: the
 * script is run once for the class and each test checks part of what it printed.
 */
class MongoshSessionTest {

  @TempDir static Path data;
  @TempDir static Path work;

  private static NodeClients clients;
  private static MongoLakeServer server;
  private static ClientRun session;

  @BeforeAll
  static void startServerAndRunTheSession() throws IOException {
    if (NodeClients.missingTool().isPresent()) {
      return; // each test is then skipped with the reason
    }
    clients = NodeClients.installed();
    server = ClientTestServer.start(data);
    session = mongosh("shell", "session");
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

  private static ClientRun mongosh(String database, String logName) throws IOException {
    return clients.node(
        List.of(
            clients.mongoshEntryPoint().toString(),
            "--quiet",
            "--norc",
            server.connectionString() + database,
            "--file",
            "mongosh-session.js"),
        // A private home keeps mongosh's logs and history out of the user's; no telemetry.
        Map.of(
            "HOME", work.resolve("home").toString(),
            "USERPROFILE", work.resolve("home").toString(),
            "MONGOSH_FORCE_DISABLE_TELEMETRY_FOR_TESTING", "1"),
        work,
        logName);
  }

  @Test
  void everyCheckOfTheSessionPassesAndItExitsZero() {
    assertThat(session.checks())
        .as(session.describe())
        .containsOnlyKeys(
            "insertOne",
            "insertOne second",
            "find",
            "updateOne",
            "findOne after update",
            "aggregate",
            "createIndex",
            "getIndexes",
            "stats",
            "createView",
            "view find",
            "view insert refused",
            "indexStats",
            "pipeline update",
            "expr find",
            "db.version");
    assertThat(session.checks().values())
        .as(session.describe())
        .allSatisfy(check -> assertThat(check.getBoolean("ok")).isTrue());
    assertThat(session.summary()).as(session.describe()).isEqualTo(done(0));
    assertThat(session.exitCode()).as(session.describe()).isZero();
  }

  @Test
  void updateAndAggregateResultsAreTheExpectedOnes() {
    Map<String, Document> checks = session.checks();
    assertThat(value(checks, "updateOne"))
        .containsEntry("matchedCount", 1)
        .containsEntry("modifiedCount", 1);
    assertThat(checks.get("aggregate").getList("value", Document.class))
        .as(session.describe())
        .containsExactly(new Document("_id", null).append("total", 12).append("n", 2));
  }

  @Test
  void createIndexReturnsTheDefaultName() {
    assertThat(session.checks().get("createIndex").getString("value"))
        .as(session.describe())
        .isEqualTo("name_1");
  }

  @Test
  void getIndexesListsTheIdIndexAndTheCreatedOne() {
    assertThat(session.checks().get("getIndexes").getList("value", Document.class))
        .as(session.describe())
        .containsExactly(
            new Document("v", 2).append("key", new Document("_id", 1)).append("name", "_id_"),
            new Document("v", 2).append("key", new Document("name", 1)).append("name", "name_1"));
  }

  @Test
  void aViewCreatedInTheShellReadsItsSourceAndRefusesWrites() {
    assertThat(session.checks().get("view find").getList("value", Document.class))
        .as(session.describe())
        .containsExactly(new Document("name", "Brian"));
    assertThat(value(session.checks(), "view insert refused"))
        .containsEntry("code", 166)
        .containsEntry("message", "Namespace shell.frequent is a view, not a collection");
    try (MongoClient java = ClientTestServer.javaClient(server)) {
      assertThat(
              java.getDatabase("shell")
                  .listCollections()
                  .filter(new Document("type", "view"))
                  .map(d -> d.getString("name"))
                  .into(new ArrayList<>()))
          .containsExactly("frequent");
    }
  }

  @Test
  void indexStatsListsTheShellsIndexes() {
    assertThat(session.checks().get("indexStats").getList("value", Document.class))
        .as(session.describe())
        .extracting(d -> d.getString("host"))
        .containsOnly(server.connectionString().replaceFirst("^mongodb://([^/]+)/.*$", "$1"));
  }

  @Test
  void aPipelineUpdateFromTheShellComputesFromTheDocument() {
    assertThat(value(session.checks(), "pipeline update").getInteger("modifiedCount")).isEqualTo(1);
    assertThat(session.checks().get("expr find").getList("value", Document.class))
        .as(session.describe())
        .containsExactly(new Document("label", "Brian!"));
    try (MongoClient java = ClientTestServer.javaClient(server)) {
      assertThat(
              java.getDatabase("shell")
                  .getCollection("people")
                  .find(new Document("_id", 2))
                  .first()
                  .getString("label"))
          .isEqualTo("Brian!");
    }
  }

  @Test
  void dbVersionIsTheVersionBuildInfoReports() {
    try (MongoClient java = ClientTestServer.javaClient(server)) {
      String buildInfoVersion =
          java.getDatabase("admin").runCommand(new Document("buildInfo", 1)).getString("version");
      assertThat(session.checks().get("db.version").getString("value"))
          .as(session.describe())
          .isEqualTo(buildInfoVersion);
    }
  }

  @Test
  void theSessionsWritesAreVisibleToTheJavaDriver() {
    try (MongoClient java = ClientTestServer.javaClient(server)) {
      assertThat(
              java.getDatabase("shell")
                  .getCollection("people")
                  .find()
                  .sort(new Document("_id", 1))
                  .into(new ArrayList<>()))
          .containsExactly(
              new Document("_id", 1).append("name", "Ada").append("visits", 5),
              new Document("_id", 2)
                  .append("name", "Brian")
                  .append("visits", 7)
                  .append("label", "Brian!"));
    }
  }

  @Test
  void aRepeatedSessionReportsTheDuplicateInsertAndExitsNonZero() throws IOException {
    ClientRun first = mongosh("repeat", "repeat-first");
    assertThat(first.exitCode()).as(first.describe()).isZero();

    ClientRun second = mongosh("repeat", "repeat-second");

    Document insert = second.checks().get("insertOne");
    assertThat(insert).as(second.describe()).isNotNull();
    assertThat(insert.getBoolean("ok")).as(second.describe()).isFalse();
    assertThat(insert.get("value", Document.class).get("code")).isEqualTo(11000);
    assertThat(second.summary().getInteger("failures")).as(second.describe()).isPositive();
    assertThat(second.exitCode()).as(second.describe()).isEqualTo(1);
  }

  private Document value(Map<String, Document> checks, String name) {
    Document check = checks.get(name);
    assertThat(check).as(session.describe()).isNotNull();
    return check.get("value", Document.class);
  }

  static Document done(int failures) {
    return new Document("done", true).append("failures", failures);
  }
}
