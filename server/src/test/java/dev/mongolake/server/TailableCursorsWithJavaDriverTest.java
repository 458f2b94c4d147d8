package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.mongodb.CursorType;
import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tailable cursors through the official Java driver: a tailable cursor stays open at the end of a
 * capped collection's data and later getMores return what was inserted since; an awaitData getMore
 * waits for an insert made by another client; a cursor whose document the cap removed dies with
 * CappedPositionLost; and MongoDB's refusals, with their codes.
 */
class TailableCursorsWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;
  private MongoCollection<Document> events;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.BATCH);
    db = local.client().getDatabase("logs");
    db.createCollection("events", new CreateCollectionOptions().capped(true).sizeInBytes(1 << 20));
    events = db.getCollection("events");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private Document find(String command) {
    return db.runCommand(Document.parse(command)).get("cursor", Document.class);
  }

  private Document getMore(long id, String extra) {
    return db.runCommand(Document.parse("{getMore: " + id + ", collection: 'events'" + extra + "}"))
        .get("cursor", Document.class);
  }

  private static List<Object> ids(Document cursor, String batch) {
    return cursor.getList(batch, Document.class).stream().map(d -> d.get("_id")).toList();
  }

  @Test
  void aTailableCursorStaysOpenAndReturnsLaterInserts() {
    events.insertMany(List.of(new Document("_id", 1), new Document("_id", 2)));

    Document first = find("{find: 'events', tailable: true}");
    long id = first.getLong("id");
    assertThat(ids(first, "firstBatch")).containsExactly(1, 2);
    assertThat(id).isNotZero();
    Document empty = getMore(id, "");
    assertThat(ids(empty, "nextBatch")).isEmpty();
    assertThat(empty.getLong("id")).isEqualTo(id);

    events.insertOne(new Document("_id", 3));
    events.insertOne(new Document("_id", 0));
    Document next = getMore(id, "");
    assertThat(ids(next, "nextBatch")).containsExactly(3, 0);
    assertThat(next.getLong("id")).isEqualTo(id);
  }

  @Test
  void aTailableCursorKeepsItsFilterForLaterInserts() {
    events.insertOne(new Document("_id", 1).append("level", "info"));
    long id = find("{find: 'events', tailable: true, filter: {level: 'error'}}").getLong("id");

    events.insertOne(new Document("_id", 2).append("level", "info"));
    events.insertOne(new Document("_id", 3).append("level", "error"));
    assertThat(ids(getMore(id, ""), "nextBatch")).containsExactly(3);
  }

  @Test
  void aTailableCursorOnAnEmptyOrMissingCollectionIsClosedAsMongoDbClosesIt() {
    assertThat(find("{find: 'events', tailable: true}").getLong("id")).isZero();
    assertThat(find("{find: 'missing', tailable: true, awaitData: true}").getLong("id")).isZero();
  }

  @Test
  void anAwaitDataCursorReceivesADocumentAnotherClientInsertsWhileItWaits() throws Exception {
    events.insertOne(new Document("_id", 1));
    try (MongoClient other = MongoClients.create(local.server().connectionString());
        MongoCursor<Document> cursor =
            events
                .find()
                .cursorType(CursorType.TailableAwait)
                .maxAwaitTime(30, TimeUnit.SECONDS)
                .iterator()) {
      assertThat(cursor.next().get("_id")).isEqualTo(1);
      CompletableFuture<Void> writer =
          CompletableFuture.runAsync(
              () -> {
                // Once the getMore waits on the server, the other client inserts.
                await().atMost(Duration.ofSeconds(20)).until(() -> getMoreIsWaiting(other));
                other.getDatabase("logs").getCollection("events").insertOne(new Document("_id", 2));
              });

      Document received = cursor.next();

      assertThat(received.get("_id")).isEqualTo(2);
      writer.get(20, TimeUnit.SECONDS);
    }
  }

  @Test
  void theWaitingGetMoreItselfReturnsTheInsertedDocument() throws Exception {
    events.insertOne(new Document("_id", 1));
    long id = find("{find: 'events', tailable: true, awaitData: true}").getLong("id");
    try (MongoClient other = MongoClients.create(local.server().connectionString())) {
      CompletableFuture<Void> writer =
          CompletableFuture.runAsync(
              () -> {
                await().atMost(Duration.ofSeconds(20)).until(() -> getMoreIsWaiting(other));
                other.getDatabase("logs").getCollection("events").insertOne(new Document("_id", 2));
              });

      // One getMore, allowed to wait far longer than the test: the insert must end its wait.
      Document batch = getMore(id, ", maxTimeMS: 60000");

      assertThat(ids(batch, "nextBatch")).containsExactly(2);
      assertThat(batch.getLong("id")).isEqualTo(id);
      writer.get(20, TimeUnit.SECONDS);
    }
  }

  private static boolean getMoreIsWaiting(MongoClient client) {
    Document ops = client.getDatabase("admin").runCommand(new Document("currentOp", 1));
    return ops.getList("inprog", Document.class).stream()
        .anyMatch(
            op -> op.get("command") instanceof Document command && command.containsKey("getMore"));
  }

  @Test
  void anAwaitDataGetMoreReturnsAnEmptyBatchWhenNothingIsInsertedInItsMaxTimeMS() {
    events.insertOne(new Document("_id", 1));
    long id = find("{find: 'events', tailable: true, awaitData: true}").getLong("id");

    Document waited = getMore(id, ", maxTimeMS: 50");

    assertThat(ids(waited, "nextBatch")).isEmpty();
    assertThat(waited.getLong("id")).isEqualTo(id);
  }

  @Test
  void aCursorWhoseDocumentTheCapRemovedDiesWithCappedPositionLost() {
    db.createCollection(
        "small", new CreateCollectionOptions().capped(true).sizeInBytes(4096).maxDocuments(2));
    MongoCollection<Document> small = db.getCollection("small");
    small.insertMany(List.of(new Document("_id", 1), new Document("_id", 2)));
    Document first = find("{find: 'small', tailable: true}");
    long id = first.getLong("id");

    small.insertMany(List.of(new Document("_id", 3), new Document("_id", 4)));

    assertThatThrownBy(
            () -> db.runCommand(Document.parse("{getMore: " + id + ", collection: 'small'}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(136);
              assertThat(e.getErrorCodeName()).isEqualTo("CappedPositionLost");
            });
    // The cursor is gone with it.
    assertThatThrownBy(
            () -> db.runCommand(Document.parse("{getMore: " + id + ", collection: 'small'}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(43));
  }

  private void assertRefused(String command, int code, String message) {
    assertThatThrownBy(() -> db.runCommand(Document.parse(command)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorMessage()).contains(message);
            });
  }

  @Test
  void tailableOptionsMongoDbRefusesAreRefusedWithItsCodes() {
    events.insertOne(new Document("_id", 1));
    db.createCollection("plain");
    db.getCollection("plain").insertOne(new Document("_id", 1));

    assertRefused(
        "{find: 'plain', tailable: true}", 2, "tailable cursor requested on non capped collection");
    assertRefused(
        "{find: 'events', awaitData: true}",
        9,
        "Cannot set 'awaitData' without also setting 'tailable'");
    assertRefused(
        "{find: 'events', tailable: true, sort: {_id: 1}}",
        2,
        "cannot use tailable option with a sort other than {$natural: 1}");
    assertRefused(
        "{find: 'events', tailable: true, sort: {$natural: -1}}",
        2,
        "cannot use tailable option with a sort other than {$natural: 1}");
    assertRefused(
        "{find: 'events', tailable: true, singleBatch: true}",
        2,
        "cannot use tailable option with the 'singleBatch' option");
    long tailing = find("{find: 'events', tailable: true}").getLong("id");
    assertRefused(
        "{getMore: " + tailing + ", collection: 'events', maxTimeMS: 100}",
        2,
        "cannot set maxTimeMS on getMore command for a non-awaitData cursor");
    long plain = find("{find: 'plain', batchSize: 0}").getLong("id");
    assertRefused(
        "{getMore: " + plain + ", collection: 'plain', maxTimeMS: 100}",
        2,
        "cannot set maxTimeMS on getMore command for a non-awaitData cursor");
  }

  @Test
  void theDriversTailableCursorTypeReadsInNaturalOrder() {
    events.insertMany(List.of(new Document("_id", 3), new Document("_id", 1)));
    try (MongoCursor<Document> cursor = events.find().cursorType(CursorType.Tailable).iterator()) {
      assertThat(cursor.next().get("_id")).isEqualTo(3);
      assertThat(cursor.next().get("_id")).isEqualTo(1);
      assertThat(cursor.tryNext()).isNull();
      events.insertOne(new Document("_id", 2));
      assertThat(cursor.tryNext()).isEqualTo(new Document("_id", 2));
    }
  }
}
