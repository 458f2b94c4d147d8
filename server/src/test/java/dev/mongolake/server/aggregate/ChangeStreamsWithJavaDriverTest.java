package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoChangeStreamCursor;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.ChangeStreamPreAndPostImagesOptions;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import com.mongodb.client.model.changestream.FullDocument;
import com.mongodb.client.model.changestream.FullDocumentBeforeChange;
import com.mongodb.client.model.changestream.OperationType;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicaSetOfOne;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver on a replica set member: {@code watch()} on a collection, a
 * database and the deployment delivers MongoDB's change events from the log, resumes after a token
 * (also after a restart), and answers ChangeStreamHistoryLost for a position the log does not hold.
 */
class ChangeStreamsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;

  @BeforeEach
  void start() {
    startServer();
  }

  private void startServer() {
    ReplicaSetOfOne set = ReplicaSetOfOne.start(data);
    server = set.server();
    client = set.client();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private MongoCollection<Document> items() {
    return client.getDatabase("app").getCollection("items");
  }

  private static <T> List<ChangeStreamDocument<T>> read(
      MongoChangeStreamCursor<ChangeStreamDocument<T>> cursor, int count) {
    List<ChangeStreamDocument<T>> events = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (events.size() < count && System.nanoTime() < deadline) {
      ChangeStreamDocument<T> event = cursor.tryNext();
      if (event != null) {
        events.add(event);
      }
    }
    return events;
  }

  @Test
  void collectionWatchDeliversEveryEventTypeWithTheUpdateDescription() {
    try (var cursor = items().watch().maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor()) {
      items().insertOne(new Document("_id", 1).append("tags", List.of("a", "b")).append("x", 1));
      items()
          .updateOne(
              Filters.eq("_id", 1),
              Updates.combine(Updates.set("y", 2), Updates.unset("x"), Updates.popLast("tags")));
      items().replaceOne(Filters.eq("_id", 1), new Document("_id", 1).append("whole", true));
      items().deleteOne(Filters.eq("_id", 1));
      items().drop();

      List<ChangeStreamDocument<Document>> events = read(cursor, 6);
      assertThat(events)
          .extracting(ChangeStreamDocument::getOperationType)
          .containsExactly(
              OperationType.INSERT,
              OperationType.UPDATE,
              OperationType.REPLACE,
              OperationType.DELETE,
              OperationType.DROP,
              OperationType.INVALIDATE);
      assertThat(events.getFirst().getFullDocument()).containsEntry("x", 1);
      assertThat(events.getFirst().getNamespace().getFullName()).isEqualTo("app.items");
      assertThat(events.getFirst().getClusterTime()).isNotNull();
      assertThat(events.getFirst().getWallTime()).isNotNull();
      var update = events.get(1).getUpdateDescription();
      assertThat(update.getUpdatedFields()).isEqualTo(BsonDocument.parse("{y: 2}"));
      assertThat(update.getRemovedFields()).containsExactly("x");
      assertThat(update.getTruncatedArrays())
          .singleElement()
          .satisfies(t -> assertThat(t.getNewSize()).isEqualTo(1));
      assertThat(events.get(2).getFullDocument()).containsEntry("whole", true);
      assertThat(events.get(3).getDocumentKey()).isEqualTo(BsonDocument.parse("{_id: 1}"));
    }
  }

  @Test
  void updateLookupAndMatchShapeTheStream() {
    try (var cursor =
        items()
            .watch(List.of(Aggregates.match(Filters.eq("operationType", "update"))))
            .fullDocument(FullDocument.UPDATE_LOOKUP)
            .maxAwaitTime(200, TimeUnit.MILLISECONDS)
            .cursor()) {
      items().insertOne(new Document("_id", 1).append("n", 1));
      items().updateOne(Filters.eq("_id", 1), Updates.inc("n", 1));
      List<ChangeStreamDocument<Document>> events = read(cursor, 1);
      assertThat(events).hasSize(1);
      assertThat(events.getFirst().getFullDocument())
          .isEqualTo(new Document("_id", 1).append("n", 2));
      assertThat(cursor.getResumeToken()).isNotNull();
    }
  }

  @Test
  void databaseAndClientWatchSeeTheirScopes() {
    try (var database =
            client.getDatabase("app").watch().maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor();
        var deployment = client.watch().maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor()) {
      items().insertOne(new Document("_id", 1));
      client.getDatabase("other").getCollection("c").insertOne(new Document("_id", 2));
      assertThat(read(database, 1))
          .extracting(e -> e.getNamespace().getFullName())
          .containsExactly("app.items");
      assertThat(read(deployment, 2))
          .extracting(e -> e.getNamespace().getFullName())
          .containsExactly("app.items", "other.c");
    }
  }

  @Test
  void aStreamResumesAfterATokenAcrossARestart() {
    BsonDocument token;
    try (var cursor = items().watch().maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor()) {
      items().insertOne(new Document("_id", 1));
      items().insertOne(new Document("_id", 2));
      token = read(cursor, 1).getFirst().getResumeToken();
    }
    stop();
    startServer();
    items().insertOne(new Document("_id", 3));
    try (var cursor =
        items().watch().resumeAfter(token).maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor()) {
      assertThat(read(cursor, 2))
          .extracting(e -> e.getDocumentKey().getInt32("_id").getValue())
          .containsExactly(2, 3);
    }
  }

  @Test
  void anUnknownResumeTokenIsChangeStreamHistoryLost() {
    BsonDocument unknown =
        BsonDocument.parse("{_data: '" + "0".repeat(15) + "1" + "0".repeat(14) + "99" + "00'}");
    assertThatThrownBy(() -> items().watch().resumeAfter(unknown).cursor().close())
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(286);
              assertThat(e.getErrorCodeName()).isEqualTo("ChangeStreamHistoryLost");
            });
  }

  @Test
  void aStageNotAllowedAfterChangeStreamIsIllegalOperation() {
    assertThatThrownBy(
            () -> items().watch(List.of(Aggregates.group("$operationType"))).cursor().close())
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(20))
        .hasMessageContaining("$group is not permitted in a $changeStream pipeline");
  }

  @Test
  void preAndPostImagesOfACollectionThatKeepsThemReachTheDriver() {
    var app = client.getDatabase("app");
    app.createCollection(
        "kept",
        new CreateCollectionOptions()
            .changeStreamPreAndPostImagesOptions(new ChangeStreamPreAndPostImagesOptions(true)));
    MongoCollection<Document> kept = app.getCollection("kept");
    kept.insertOne(new Document("_id", 1).append("v", 1));
    try (MongoChangeStreamCursor<ChangeStreamDocument<Document>> cursor =
        kept.watch()
            .fullDocument(FullDocument.REQUIRED)
            .fullDocumentBeforeChange(FullDocumentBeforeChange.REQUIRED)
            .cursor()) {
      kept.updateOne(Filters.eq("_id", 1), Updates.inc("v", 1));
      kept.deleteOne(Filters.eq("_id", 1));
      List<ChangeStreamDocument<Document>> events = read(cursor, 2);
      assertThat(events).hasSize(2);
      assertThat(events.get(0).getFullDocumentBeforeChange())
          .isEqualTo(new Document("_id", 1).append("v", 1));
      assertThat(events.get(0).getFullDocument()).isEqualTo(new Document("_id", 1).append("v", 2));
      assertThat(events.get(1).getFullDocumentBeforeChange())
          .isEqualTo(new Document("_id", 1).append("v", 2));
    }
    Document info = app.listCollections().filter(Filters.eq("name", "kept")).first();
    assertThat(
            info.get("options", Document.class).get("changeStreamPreAndPostImages", Document.class))
        .isEqualTo(new Document("enabled", true));
  }

  @Test
  void aRequiredPostImageOfACollectionThatKeepsNoneFailsTheStream() {
    items().insertOne(new Document("_id", 1).append("v", 1));
    try (MongoChangeStreamCursor<ChangeStreamDocument<Document>> cursor =
        items().watch().fullDocument(FullDocument.REQUIRED).cursor()) {
      items().updateOne(Filters.eq("_id", 1), Updates.inc("v", 1));
      assertThatThrownBy(() -> read(cursor, 1))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(47))
          .hasMessageContaining("post-image");
    }
  }
}
