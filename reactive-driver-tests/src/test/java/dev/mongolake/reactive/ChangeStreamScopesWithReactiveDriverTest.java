package dev.mongolake.reactive;

import static dev.mongolake.reactive.Reactive.one;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import com.mongodb.client.model.changestream.FullDocument;
import com.mongodb.client.model.changestream.OperationType;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Reactive Streams driver's {@code watch()} on a collection, a database and the deployment of a
 * server process: each stream delivers the inserts, updates and deletes the same client makes in
 * its scope, in order, with MongoDB's operation types, document keys and full documents, and
 * nothing from outside its scope.
 */
class ChangeStreamScopesWithReactiveDriverTest {

  @TempDir static Path folder;
  private static ServerProcess server;
  private static final StreamOpenings openings = new StreamOpenings();
  private static MongoClient client;

  @BeforeAll
  static void start() {
    server = ServerProcess.start(folder);
    client = Reactive.client(server, openings);
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private static MongoCollection<Document> collection(String db, String name) {
    return client.getDatabase(db).getCollection(name);
  }

  @Test
  void collectionWatchSeesItsInsertUpdateAndDeleteOnly() {
    MongoCollection<Document> items = collection("shop", "items");
    EventStream<ChangeStreamDocument<Document>> stream =
        EventStream.open(items.watch(), 3, openings);

    one(collection("shop", "others").insertOne(new Document("_id", 0)));
    one(items.insertOne(new Document("_id", 1).append("n", 1)));
    one(items.updateOne(Filters.eq("_id", 1), Updates.set("n", 2)));
    one(items.deleteOne(Filters.eq("_id", 1)));

    List<ChangeStreamDocument<Document>> events = stream.all();
    assertThat(events)
        .extracting(ChangeStreamDocument::getOperationType)
        .containsExactly(OperationType.INSERT, OperationType.UPDATE, OperationType.DELETE);
    assertThat(events)
        .allSatisfy(
            event -> {
              assertThat(event.getNamespace().getFullName()).isEqualTo("shop.items");
              assertThat(event.getDocumentKey()).isEqualTo(BsonDocument.parse("{_id: 1}"));
              assertThat(event.getResumeToken()).isNotNull();
              assertThat(event.getClusterTime()).isNotNull();
            });
    assertThat(events.get(0).getFullDocument()).isEqualTo(new Document("_id", 1).append("n", 1));
    assertThat(events.get(1).getUpdateDescription().getUpdatedFields())
        .isEqualTo(BsonDocument.parse("{n: 2}"));
    assertThat(events.get(1).getFullDocument()).isNull();
    assertThat(events.get(2).getFullDocument()).isNull();
  }

  @Test
  void databaseWatchSeesEveryCollectionOfItsDatabaseWithLookedUpDocuments() {
    MongoDatabase db = client.getDatabase("crm");
    EventStream<ChangeStreamDocument<Document>> stream =
        EventStream.open(db.watch().fullDocument(FullDocument.UPDATE_LOOKUP), 4, openings);

    one(collection("crm-archive", "people").insertOne(new Document("_id", 0)));
    one(db.getCollection("people").insertOne(new Document("_id", 1).append("name", "Ada")));
    one(db.getCollection("notes").insertOne(new Document("_id", 2).append("text", "hi")));
    one(db.getCollection("people").updateOne(Filters.eq("_id", 1), Updates.set("age", 36)));
    one(db.getCollection("notes").deleteOne(Filters.eq("_id", 2)));

    List<ChangeStreamDocument<Document>> events = stream.all();
    assertThat(events)
        .extracting(ChangeStreamDocument::getOperationType)
        .containsExactly(
            OperationType.INSERT, OperationType.INSERT, OperationType.UPDATE, OperationType.DELETE);
    assertThat(events)
        .extracting(event -> event.getNamespace().getFullName())
        .containsExactly("crm.people", "crm.notes", "crm.people", "crm.notes");
    assertThat(events)
        .extracting(ChangeStreamDocument::getDocumentKey)
        .containsExactly(
            BsonDocument.parse("{_id: 1}"),
            BsonDocument.parse("{_id: 2}"),
            BsonDocument.parse("{_id: 1}"),
            BsonDocument.parse("{_id: 2}"));
    assertThat(events.get(1).getFullDocument())
        .isEqualTo(new Document("_id", 2).append("text", "hi"));
    assertThat(events.get(2).getFullDocument())
        .isEqualTo(new Document("_id", 1).append("name", "Ada").append("age", 36));
  }

  @Test
  void clientWatchSeesEveryDatabase() {
    EventStream<ChangeStreamDocument<Document>> stream =
        EventStream.open(client.watch(), 4, openings);

    one(collection("north", "orders").insertOne(new Document("_id", "n1").append("qty", 1)));
    one(collection("south", "orders").insertOne(new Document("_id", "s1").append("qty", 2)));
    one(
        collection("south", "orders")
            .replaceOne(Filters.eq("_id", "s1"), new Document("_id", "s1").append("qty", 3)));
    one(collection("north", "orders").deleteOne(Filters.eq("_id", "n1")));

    List<ChangeStreamDocument<Document>> events = stream.all();
    assertThat(events)
        .extracting(ChangeStreamDocument::getOperationType)
        .containsExactly(
            OperationType.INSERT,
            OperationType.INSERT,
            OperationType.REPLACE,
            OperationType.DELETE);
    assertThat(events)
        .extracting(event -> event.getNamespace().getFullName())
        .containsExactly("north.orders", "south.orders", "south.orders", "north.orders");
    assertThat(events.get(0).getFullDocument())
        .isEqualTo(new Document("_id", "n1").append("qty", 1));
    assertThat(events.get(2).getFullDocument())
        .isEqualTo(new Document("_id", "s1").append("qty", 3));
    assertThat(events.get(3).getDocumentKey()).isEqualTo(BsonDocument.parse("{_id: \"n1\"}"));
  }
}
