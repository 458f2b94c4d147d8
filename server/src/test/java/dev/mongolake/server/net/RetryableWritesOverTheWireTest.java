package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A retryable write sent again, as a driver resends it after its connection dropped, is applied
 * once: the retry gets the first run's answer, across a dropped connection and across a restart.
 * The requests are written by hand, so the test controls exactly what is sent twice.
 */
class RetryableWritesOverTheWireTest {

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient observer;
  private final BsonDocument lsid = new BsonDocument("id", new BsonBinary(UUID.randomUUID()));

  @BeforeEach
  void start() {
    server = startServer();
    observer = observer();
  }

  private MongoLakeServer startServer() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
            .withReplication(ReplicationConfig.replicaSet("rs0")),
        "test");
  }

  private MongoClient observer() {
    return MongoClients.create(
        "mongodb://127.0.0.1:" + server.port() + "/?directConnection=true&retryWrites=false");
  }

  @AfterEach
  void stop() {
    observer.close();
    server.close();
  }

  private MongoCollection<Document> counters() {
    return observer.getDatabase("app").getCollection("counters");
  }

  private BsonDocument retryable(BsonDocument command, long txnNumber) {
    return command
        .append("lsid", lsid)
        .append("txnNumber", new BsonInt64(txnNumber))
        .append("$db", new BsonString("app"));
  }

  private BsonDocument increment(long txnNumber) {
    BsonDocument statement =
        new BsonDocument("q", new BsonDocument("_id", new BsonInt32(1)))
            .append("u", new BsonDocument("$inc", new BsonDocument("n", new BsonInt32(1))))
            .append("upsert", BsonBoolean.TRUE);
    return retryable(
        new BsonDocument("update", new BsonString("counters"))
            .append("updates", new BsonArray(List.of(statement))),
        txnNumber);
  }

  private BsonDocument run(BsonDocument command) throws IOException {
    try (WireTestClient client = WireTestClient.connect(server.port(), READ_TIMEOUT)) {
      client.send(command, 0);
      return client.read().body();
    }
  }

  private int counter() {
    Document counter = counters().find().first();
    return counter == null ? 0 : counter.getInteger("n");
  }

  @Test
  void aWriteResentAfterItsConnectionDroppedBeforeTheReplyIsAppliedOnce() throws IOException {
    // The client goes away without reading the reply: the server applies the write anyway.
    try (WireTestClient dropped = WireTestClient.connect(server.port(), READ_TIMEOUT)) {
      dropped.send(increment(1), 0);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> counter() == 1);

    BsonDocument retry = run(increment(1));

    assertThat(retry.getNumber("ok").intValue()).isEqualTo(1);
    assertThat(retry.getInt32("n").getValue()).isEqualTo(1);
    assertThat(retry.getArray("upserted").getFirst().asDocument().get("_id"))
        .isEqualTo(new BsonInt32(1));
    assertThat(counter()).isEqualTo(1);

    // A new transaction number is a new write.
    BsonDocument next = run(increment(2));
    assertThat(next.getInt32("nModified").getValue()).isEqualTo(1);
    assertThat(counter()).isEqualTo(2);
    assertThat(run(increment(2)).getInt32("nModified").getValue()).isEqualTo(1);
    assertThat(counter()).isEqualTo(2);
  }

  @Test
  void theSameRequestTwiceOnOneConnectionInsertsItsDocumentsOnce() throws IOException {
    // No _id: a second run would insert a second document with an id of its own.
    BsonDocument insert =
        retryable(
            new BsonDocument("insert", new BsonString("counters"))
                .append(
                    "documents",
                    new BsonArray(
                        List.of(
                            new BsonDocument("k", new BsonString("a")),
                            new BsonDocument("k", new BsonString("b"))))),
            7);
    try (WireTestClient client = WireTestClient.connect(server.port(), READ_TIMEOUT)) {
      client.send(insert, 0);
      assertThat(client.read().body().getInt32("n").getValue()).isEqualTo(2);
      client.send(insert, 0);
      assertThat(client.read().body().getInt32("n").getValue()).isEqualTo(2);
    }
    assertThat(counters().countDocuments()).isEqualTo(2);
  }

  @Test
  void aFindAndModifyRetriedReturnsWhatItReturnedTheFirstTime() throws IOException {
    counters().insertOne(new Document("_id", 1).append("n", 10));
    BsonDocument findAndModify =
        retryable(
            new BsonDocument("findAndModify", new BsonString("counters"))
                .append("query", new BsonDocument("_id", new BsonInt32(1)))
                .append("update", new BsonDocument("$inc", new BsonDocument("n", new BsonInt32(1))))
                .append("new", BsonBoolean.TRUE),
            3);

    BsonDocument first = run(findAndModify);
    BsonDocument retry = run(findAndModify);

    assertThat(first.getDocument("value").getInt32("n").getValue()).isEqualTo(11);
    assertThat(retry.getDocument("value")).isEqualTo(first.getDocument("value"));
    assertThat(retry.getDocument("lastErrorObject"))
        .isEqualTo(first.getDocument("lastErrorObject"));
    assertThat(counter()).isEqualTo(11);
  }

  @Test
  void aWriteRetriedAfterARestartIsNotAppliedAgain() throws IOException {
    assertThat(run(increment(1)).getInt32("n").getValue()).isEqualTo(1);
    observer.close();
    server.close();
    server = startServer();
    observer = observer();

    BsonDocument retry = run(increment(1));

    assertThat(retry.getNumber("ok").intValue()).isEqualTo(1);
    assertThat(retry.getArray("upserted").getFirst().asDocument().get("_id"))
        .isEqualTo(new BsonInt32(1));
    assertThat(counter()).isEqualTo(1);
  }

  @Test
  void anOlderTransactionNumberIsRefusedAsTooOld() throws IOException {
    run(increment(5));
    BsonDocument older = run(increment(4));
    assertThat(older.getInt32("code").getValue()).isEqualTo(225);
    assertThat(older.getString("codeName").getValue()).isEqualTo("TransactionTooOld");
    assertThat(counter()).isEqualTo(1);
  }

  @Test
  void statementsOfManyDocumentsAreRefusedInARetryableWrite() throws IOException {
    BsonDocument updateMany =
        retryable(
            new BsonDocument("update", new BsonString("counters"))
                .append(
                    "updates",
                    new BsonArray(
                        List.of(
                            new BsonDocument("q", new BsonDocument())
                                .append(
                                    "u",
                                    new BsonDocument(
                                        "$set", new BsonDocument("x", new BsonInt32(1))))
                                .append("multi", BsonBoolean.TRUE)))),
            1);
    BsonDocument error = run(updateMany).getArray("writeErrors").getFirst().asDocument();
    assertThat(error.getInt32("code").getValue()).isEqualTo(72);
    assertThat(error.getString("errmsg").getValue())
        .isEqualTo("Cannot use (or request) retryable writes with multi=true");

    BsonDocument deleteAll =
        retryable(
            new BsonDocument("delete", new BsonString("counters"))
                .append(
                    "deletes",
                    new BsonArray(
                        List.of(
                            new BsonDocument("q", new BsonDocument())
                                .append("limit", new BsonInt32(0))))),
            2);
    assertThat(
            run(deleteAll)
                .getArray("writeErrors")
                .getFirst()
                .asDocument()
                .getString("errmsg")
                .getValue())
        .isEqualTo("Cannot use (or request) retryable writes with limit=0");
  }

  @Test
  void aTransactionNumberOnACommandThatIsNotAWriteIsRefused() throws IOException {
    BsonDocument find = retryable(new BsonDocument("find", new BsonString("counters")), 1);
    BsonDocument reply = run(find);
    assertThat(reply.getInt32("code").getValue()).isEqualTo(50768);
    assertThat(reply.getString("errmsg").getValue()).contains("find is not a retryable write");
  }
}
