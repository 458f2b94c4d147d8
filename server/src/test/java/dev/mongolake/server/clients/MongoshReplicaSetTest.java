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
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mongosh connected with {@code replicaSet=rs0} to a server started with {@code --replica-set rs0}:
 * it discovers the set from {@code hello}, {@code rs.status()} and {@code rs.conf()} describe the
 * set of one, and {@code watch()} delivers the change event of an insert.
 */
class MongoshReplicaSetTest {

  private static final String SCRIPT =
      """
      function report(check, ok, value) { print(EJSON.stringify({ check, ok, value }, { relaxed: true })); }
      const s = rs.status();
      report('rs.status', s.set === 'rs0' && s.members.length === 1
        && s.members[0].stateStr === 'PRIMARY', { set: s.set, state: s.members[0].stateStr });
      const c = rs.conf();
      report('rs.conf', c._id === 'rs0' && c.members.length === 1, { id: c._id });
      const h = db.hello();
      report('hello', h.setName === 'rs0' && h.isWritablePrimary === true, { setName: h.setName });
      const items = db.getSiblingDB('app').items;
      const stream = items.watch();
      const r = items.insertOne({ _id: 1 });
      report('insertOne', r.acknowledged === true && r.insertedId === 1, {});
      let event = null;
      for (let i = 0; i < 50 && event === null; i++) { event = stream.tryNext(); if (event === null) sleep(100); }
      report('watch', event !== null && event.operationType === 'insert' && event.documentKey._id === 1,
        { type: event && event.operationType });
      stream.close();
      print(EJSON.stringify({ done: true }));
      """;

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
  void rsStatusAndRsConfDescribeTheSetOfOneAndWatchSeesAnInsert() throws IOException {
    NodeClients clients = NodeClients.installed();
    ClientRun run =
        clients.node(
            List.of(
                clients.mongoshEntryPoint().toString(),
                "--quiet",
                "--norc",
                "mongodb://127.0.0.1:" + server.port() + "/test?replicaSet=rs0",
                "--eval",
                SCRIPT),
            Map.of(
                "HOME", work.resolve("home").toString(),
                "USERPROFILE", work.resolve("home").toString(),
                "MONGOSH_FORCE_DISABLE_TELEMETRY_FOR_TESTING", "1"),
            work,
            "mongosh-replica-set");

    Map<String, Document> checks = run.checks();
    assertThat(checks)
        .as(run.describe())
        .containsOnlyKeys("rs.status", "rs.conf", "hello", "insertOne", "watch");
    assertThat(checks.values())
        .as(run.describe())
        .allSatisfy(check -> assertThat(check.getBoolean("ok")).isTrue());
    assertThat(run.summary()).as(run.describe()).isNotNull();
  }
}
