package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoChangeStreamCursor;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.RenameCollectionOptions;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicaSetOfOne;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: {@code watch().showExpandedEvents(true)} shows {@code create}
 * (explicit and by a first insert), {@code createIndexes}, {@code dropIndexes} and {@code modify}
 * events, every event names its collection's UUID as listCollections reports it (also after a
 * restart), and the oplog's entries carry it in {@code ui}.
 */
class ExpandedChangeEventsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;

  @BeforeEach
  void start() {
    ReplicaSetOfOne set = ReplicaSetOfOne.start(data);
    server = set.server();
    client = set.client();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private void restart() {
    stop();
    start();
  }

  private MongoDatabase app() {
    return client.getDatabase("app");
  }

  private UUID listedUuid(String collection) {
    BsonDocument listed =
        app().listCollections(BsonDocument.class).filter(Filters.eq("name", collection)).first();
    assertThat(listed).as(collection).isNotNull();
    return listed.getDocument("info").getBinary("uuid").asUuid();
  }

  private static List<ChangeStreamDocument<Document>> read(
      MongoChangeStreamCursor<ChangeStreamDocument<Document>> cursor, int count) {
    List<ChangeStreamDocument<Document>> events = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (events.size() < count && System.nanoTime() < deadline) {
      ChangeStreamDocument<Document> event = cursor.tryNext();
      if (event != null) {
        events.add(event);
      }
    }
    return events;
  }

  private static UUID collectionUuid(ChangeStreamDocument<?> event) {
    return event.getExtraElements().getBinary("collectionUUID").asUuid();
  }

  private static BsonDocument description(ChangeStreamDocument<?> event) {
    return event.getExtraElements().getDocument("operationDescription");
  }

  @Test
  void expandedEventsShowCatalogChangesWithTheListedCollectionUuid() {
    try (var cursor =
        app().watch().showExpandedEvents(true).maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor()) {
      app().createCollection("explicit");
      MongoCollection<Document> implicit = app().getCollection("implicit");
      implicit.insertOne(new Document("_id", 1));
      implicit.createIndex(Indexes.ascending("x"));
      app().runCommand(new Document("collMod", "implicit").append("validationLevel", "moderate"));
      app().runCommand(new Document("collMod", "explicit"));
      implicit.dropIndex("x_1");

      List<ChangeStreamDocument<Document>> events = read(cursor, 7);

      assertThat(events)
          .extracting(ChangeStreamDocument::getOperationTypeString)
          .containsExactly(
              "create", "create", "insert", "createIndexes", "modify", "modify", "dropIndexes");
      UUID explicit = listedUuid("explicit");
      UUID implicitUuid = listedUuid("implicit");
      assertThat(events.get(0).getNamespace().getCollectionName()).isEqualTo("explicit");
      assertThat(collectionUuid(events.get(0))).isEqualTo(explicit);
      assertThat(description(events.get(0)).getDocument("idIndex"))
          .isEqualTo(BsonDocument.parse("{v: 2, key: {_id: 1}, name: '_id_'}"));
      assertThat(events.get(1).getNamespace().getCollectionName()).isEqualTo("implicit");
      assertThat(collectionUuid(events.get(1))).isEqualTo(implicitUuid);
      assertThat(collectionUuid(events.get(2))).isEqualTo(implicitUuid);
      BsonDocument index = description(events.get(3)).getArray("indexes").get(0).asDocument();
      assertThat(index.getString("name").getValue()).isEqualTo("x_1");
      assertThat(index.getDocument("key")).isEqualTo(BsonDocument.parse("{x: 1}"));
      assertThat(description(events.get(4)))
          .isEqualTo(BsonDocument.parse("{validationLevel: 'moderate'}"));
      assertThat(
              events
                  .get(4)
                  .getExtraElements()
                  .getDocument("stateBeforeChange")
                  .getDocument("collectionOptions")
                  .get("uuid"))
          .isEqualTo(new BsonBinary(implicitUuid));
      assertThat(collectionUuid(events.get(5))).isEqualTo(explicit);
      assertThat(
              description(events.get(6))
                  .getArray("indexes")
                  .get(0)
                  .asDocument()
                  .getString("name")
                  .getValue())
          .isEqualTo("x_1");
    }
  }

  @Test
  void withoutExpandedEventsTheStreamIsAsBefore() {
    try (var cursor = app().watch().maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor()) {
      app().createCollection("explicit");
      app().getCollection("explicit").createIndex(Indexes.ascending("x"));
      app().getCollection("explicit").insertOne(new Document("_id", 1));
      List<ChangeStreamDocument<Document>> events = read(cursor, 1);
      assertThat(events)
          .extracting(ChangeStreamDocument::getOperationTypeString)
          .containsExactly("insert");
      assertThat(events.get(0).getExtraElements()).isNull();
    }
  }

  @Test
  void theUuidLastsAcrossARestartAndARenameKeepsTheSourceUuid() {
    app().getCollection("items").insertOne(new Document("_id", 1));
    UUID items = listedUuid("items");
    restart();
    assertThat(listedUuid("items")).isEqualTo(items);

    try (var cursor =
        app()
            .getCollection("items")
            .watch()
            .showExpandedEvents(true)
            .maxAwaitTime(200, TimeUnit.MILLISECONDS)
            .cursor()) {
      app().getCollection("items").insertOne(new Document("_id", 2));
      app()
          .getCollection("items")
          .renameCollection(
              new MongoNamespace("app", "renamed"), new RenameCollectionOptions().dropTarget(true));
      List<ChangeStreamDocument<Document>> events = read(cursor, 3);
      assertThat(events)
          .extracting(ChangeStreamDocument::getOperationTypeString)
          .containsExactly("insert", "rename", "invalidate");
      assertThat(collectionUuid(events.get(0))).isEqualTo(items);
      assertThat(collectionUuid(events.get(1))).isEqualTo(items);
      assertThat(description(events.get(1)).getDocument("to"))
          .isEqualTo(BsonDocument.parse("{db: 'app', coll: 'renamed'}"));
    }
    assertThat(listedUuid("renamed")).isEqualTo(items);
    restart();
    assertThat(listedUuid("renamed")).isEqualTo(items);
  }

  @Test
  void oplogEntriesOfACollectionCarryItsUuidInUi() {
    app().getCollection("items").insertOne(new Document("_id", 1));
    UUID items = listedUuid("items");
    MongoCollection<BsonDocument> oplog =
        client.getDatabase("local").getCollection("oplog.rs", BsonDocument.class);

    BsonDocument insert =
        oplog.find(Filters.and(Filters.eq("op", "i"), Filters.eq("ns", "app.items"))).first();
    BsonDocument create = oplog.find(Filters.eq("o.create", "items")).first();

    assertThat(insert).isNotNull();
    assertThat(insert.getBinary("ui").asUuid()).isEqualTo(items);
    assertThat(create).isNotNull();
    assertThat(create.getBinary("ui").asUuid()).isEqualTo(items);
    restart();
    MongoCollection<BsonDocument> reopened =
        client.getDatabase("local").getCollection("oplog.rs", BsonDocument.class);
    assertThat(
            reopened
                .find(Filters.and(Filters.eq("op", "i"), Filters.eq("ns", "app.items")))
                .first()
                .getBinary("ui")
                .asUuid())
        .isEqualTo(items);
  }
}
