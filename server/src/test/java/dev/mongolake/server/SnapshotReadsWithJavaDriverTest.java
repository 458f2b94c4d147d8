package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ClientSessionOptions;
import com.mongodb.MongoCommandException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code readConcern: {level: "snapshot"}} outside transactions on a replica set member, through
 * the official Java driver: a snapshot session reads every collection at its first read's time,
 * {@code atClusterTime} reads the past (also after the changes since were flushed), and what cannot
 * be honoured is refused with MongoDB's codes.
 */
class SnapshotReadsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase app;

  @BeforeEach
  void start() {
    ReplicaSetOfOne set = ReplicaSetOfOne.start(data);
    server = set.server();
    client = set.client();
    app = client.getDatabase("app");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private MongoCollection<Document> items() {
    return app.getCollection("items");
  }

  private static List<Document> numbered(int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> new Document("_id", i).append("v", 0)).toList();
  }

  private BsonTimestamp lastWriteTime() {
    return server.lake().lastWriteTime();
  }

  private Document snapshotRead(Document command, BsonTimestamp at) {
    Document concern = new Document("level", "snapshot");
    if (at != null) {
      concern.append("atClusterTime", at);
    }
    return app.runCommand(command.append("readConcern", concern));
  }

  @Test
  void aSnapshotSessionReadsEveryCollectionAtItsFirstReadsTime() {
    items().insertMany(numbered(0, 5));
    app.getCollection("orders").insertOne(new Document("_id", "o1"));
    try (ClientSession session =
        client.startSession(ClientSessionOptions.builder().snapshot(true).build())) {
      assertThat(items().countDocuments(session)).isEqualTo(5);

      items().insertMany(numbered(5, 10));
      items().updateMany(Filters.empty(), Updates.set("v", 1));
      app.getCollection("orders").insertOne(new Document("_id", "o2"));
      server.lake().flush();

      List<Document> seen = new ArrayList<>();
      items().find(session).sort(new Document("_id", 1)).into(seen);
      assertThat(seen).isEqualTo(numbered(0, 5));
      assertThat(
              app.getCollection("orders")
                  .distinct(session, "_id", String.class)
                  .into(new ArrayList<>()))
          .containsExactly("o1");
      assertThat(
              app.getCollection("orders")
                  .aggregate(session, List.of(new Document("$count", "n")))
                  .first())
          .isEqualTo(new Document("n", 1));
    }
    assertThat(items().countDocuments(Filters.eq("v", 1))).isEqualTo(10);
  }

  @Test
  void atClusterTimeReadsThePastAndTheReplyNamesIt() {
    items().insertMany(numbered(0, 3));
    server.lake().flush();
    BsonTimestamp point = lastWriteTime();
    items().deleteOne(Filters.eq("_id", 0));
    items().insertOne(new Document("_id", 99));
    server.lake().flush();

    Document find =
        snapshotRead(new Document("find", "items").append("sort", new Document("_id", 1)), point);
    Document cursor = find.get("cursor", Document.class);
    assertThat(cursor.getList("firstBatch", Document.class)).isEqualTo(numbered(0, 3));
    assertThat(cursor.get("atClusterTime")).isEqualTo(point);

    Document count = snapshotRead(new Document("count", "items"), point);
    assertThat(count.get("n", Number.class).intValue()).isEqualTo(3);
    Document distinct = snapshotRead(new Document("distinct", "items").append("key", "_id"), point);
    assertThat(distinct.getList("values", Integer.class)).containsExactly(0, 1, 2);
    assertThat(distinct.get("atClusterTime")).isEqualTo(point);

    Document now = snapshotRead(new Document("find", "items"), null);
    assertThat(now.get("cursor", Document.class).get("atClusterTime", BsonTimestamp.class))
        .isEqualTo(lastWriteTime());
    assertThat(now.get("cursor", Document.class).getList("firstBatch", Document.class))
        .extracting(d -> d.get("_id"))
        .containsExactlyInAnyOrder(1, 2, 99);
  }

  @Test
  void aPastPointReadsTheSameAfterACompactionAndARestart() {
    for (int round = 0; round < 3; round++) {
      items().insertMany(numbered(round * 10, round * 10 + 10));
      server.lake().flush();
    }
    items().updateOne(Filters.eq("_id", 0), Updates.set("v", 7));
    BsonTimestamp point = lastWriteTime();
    Document before =
        snapshotRead(new Document("find", "items").append("sort", new Document("_id", 1)), point);
    items().deleteMany(Filters.lt("_id", 15));
    server.lake().flush();
    app.runCommand(new Document("compact", "items"));
    stop();
    start();

    Document after =
        snapshotRead(new Document("find", "items").append("sort", new Document("_id", 1)), point);
    assertThat(after.get("cursor", Document.class).getList("firstBatch", Document.class))
        .hasSize(30)
        .isEqualTo(before.get("cursor", Document.class).getList("firstBatch", Document.class));
    assertThat(items().countDocuments()).isEqualTo(15);
  }

  @Test
  void snapshotOnACommandThatCannotHonourItIsInvalidOptions() {
    assertThatThrownBy(
            () ->
                app.runCommand(
                    new Document("insert", "items")
                        .append("documents", List.of(new Document("_id", 1)))
                        .append("readConcern", new Document("level", "snapshot"))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(72);
              assertThat(e.getErrorMessage()).contains("Command insert does not support");
            });
    assertThat(items().countDocuments()).isZero();
    assertThatThrownBy(
            () ->
                app.runCommand(
                    new Document("find", "items")
                        .append(
                            "readConcern",
                            new Document("level", "majority")
                                .append("atClusterTime", new BsonTimestamp(1, 1)))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(72);
              assertThat(e.getErrorMessage()).contains("atClusterTime without readConcern level");
            });
  }

  @Test
  void aTimeLaterThanTheLatestWriteIsInvalidOptions() {
    items().insertOne(new Document("_id", 1));
    BsonTimestamp later = new BsonTimestamp(lastWriteTime().getTime() + 3600, 1);
    assertThatThrownBy(() -> snapshotRead(new Document("find", "items"), later))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(72));
  }

  @Test
  void aPointWhoseFilesWereVacuumedIsSnapshotTooOld() {
    items().insertMany(numbered(0, 3));
    server.lake().flush();
    BsonTimestamp point = lastWriteTime();
    items().updateMany(Filters.empty(), Updates.set("v", 1));
    server.lake().flush();
    app.runCommand(
        new Document("vacuum", "items").append("retentionHours", 0).append("force", true));

    assertThatThrownBy(() -> snapshotRead(new Document("find", "items"), point))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(239);
              assertThat(e.getErrorCodeName()).isEqualTo("SnapshotTooOld");
            });
  }

  @Test
  void aWriteThroughASnapshotAggregationIsRefused() {
    items().insertOne(new Document("_id", 1));
    assertThatThrownBy(
            () ->
                snapshotRead(
                    new Document("aggregate", "items")
                        .append("pipeline", List.of(new Document("$out", "copy")))
                        .append("cursor", new BsonDocument()),
                    null))
        .isInstanceOf(MongoCommandException.class);
    assertThat(app.listCollectionNames().into(new ArrayList<>())).doesNotContain("copy");
  }
}
