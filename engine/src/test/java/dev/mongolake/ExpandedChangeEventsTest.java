package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.RenameCollectionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code showExpandedEvents}: catalog events and collection UUIDs, read from the log, and the
 * oplog's {@code ui}.
 */
class ExpandedChangeEventsTest {

  @TempDir Path root;
  private MongoLake lake;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static final ChangeStreamOptions EXPANDED =
      ChangeStreamOptions.defaults().withShowExpandedEvents(true);

  private static List<BsonDocument> read(MongoLakeChangeStream stream, int count) {
    List<BsonDocument> events = new ArrayList<>();
    while (events.size() < count && stream.await(Duration.ofSeconds(5))) {
      events.add(stream.next());
    }
    return events;
  }

  private static BsonDocument doc(String json) {
    return BsonDocument.parse(json);
  }

  private static String type(BsonDocument event) {
    return event.getString("operationType").getValue();
  }

  private UUID uuidOf(String collection) {
    return lake.db("app").collectionUuid(collection).orElseThrow();
  }

  private static UUID collectionUuid(BsonDocument event) {
    return event.getBinary("collectionUUID").asUuid();
  }

  @Test
  void expandedStreamShowsCreatesIndexesAndModifyWithCollectionUuids() {
    MongoLakeDatabase app = lake.db("app");
    try (MongoLakeChangeStream stream = app.watch(List.of(), EXPANDED)) {
      app.createCollection("explicit", doc("{validator: {a: {$exists: true}}}"));
      MongoLakeCollection<BsonDocument> implicit = app.collection("implicit", BsonDocument.class);
      implicit.insertOne(doc("{_id: 1}"));
      implicit.createIndex(Indexes.ascending("x"));
      app.modifyCollection("explicit", doc("{validationLevel: 'moderate'}"));
      implicit.dropIndex("x_1");

      List<BsonDocument> events = read(stream, 6);
      assertThat(events)
          .extracting(ExpandedChangeEventsTest::type)
          .containsExactly("create", "create", "insert", "createIndexes", "modify", "dropIndexes");
      BsonDocument explicit = events.get(0);
      assertThat(explicit.getDocument("ns")).isEqualTo(doc("{db: 'app', coll: 'explicit'}"));
      assertThat(explicit.getDocument("operationDescription").getDocument("idIndex"))
          .isEqualTo(doc("{v: 2, key: {_id: 1}, name: '_id_'}"));
      assertThat(explicit.getDocument("operationDescription").getDocument("validator"))
          .isEqualTo(doc("{a: {$exists: true}}"));
      assertThat(collectionUuid(explicit)).isEqualTo(uuidOf("explicit"));
      assertThat(collectionUuid(events.get(1))).isEqualTo(uuidOf("implicit"));
      assertThat(collectionUuid(events.get(2))).isEqualTo(uuidOf("implicit"));
      BsonDocument created = events.get(3).getDocument("operationDescription");
      assertThat(created.getArray("indexes").get(0).asDocument().getString("name").getValue())
          .isEqualTo("x_1");
      assertThat(created.getArray("indexes").get(0).asDocument().getDocument("key"))
          .isEqualTo(doc("{x: 1}"));
      BsonDocument modify = events.get(4);
      assertThat(modify.getDocument("operationDescription"))
          .isEqualTo(doc("{validationLevel: 'moderate'}"));
      assertThat(
              modify.getDocument("stateBeforeChange").getDocument("collectionOptions").get("uuid"))
          .isEqualTo(new BsonBinary(uuidOf("explicit")));
      assertThat(collectionUuid(modify)).isEqualTo(uuidOf("explicit"));
      assertThat(
              events
                  .get(5)
                  .getDocument("operationDescription")
                  .getArray("indexes")
                  .get(0)
                  .asDocument()
                  .getDocument("key"))
          .isEqualTo(doc("{x: 1}"));
    }
  }

  @Test
  void withoutExpandedEventsCatalogChangesAreNoEventsAndEventsCarryNoUuid() {
    MongoLakeDatabase app = lake.db("app");
    try (MongoLakeChangeStream stream = app.watch()) {
      app.createCollection("explicit");
      app.collection("explicit", BsonDocument.class).createIndex(Indexes.ascending("x"));
      app.collection("explicit", BsonDocument.class).insertOne(doc("{_id: 1}"));
      List<BsonDocument> events = read(stream, 1);
      assertThat(events).extracting(ExpandedChangeEventsTest::type).containsExactly("insert");
      assertThat(events.get(0).containsKey("collectionUUID")).isFalse();
    }
  }

  @Test
  void collectionUuidsLastAcrossARestartBeforeAnyFlushAndARenameKeepsTheSourceUuid() {
    MongoLakeDatabase app = lake.db("app");
    app.createCollection("explicit");
    app.collection("implicit", BsonDocument.class).insertOne(doc("{_id: 1}"));
    UUID explicit = uuidOf("explicit");
    UUID implicit = uuidOf("implicit");
    lake.close();
    lake = MongoLake.open(root);
    assertThat(uuidOf("explicit")).isEqualTo(explicit);
    assertThat(uuidOf("implicit")).isEqualTo(implicit);

    app = lake.db("app");
    try (MongoLakeChangeStream stream = app.watch(List.of(), EXPANDED)) {
      app.collection("implicit", BsonDocument.class)
          .renameCollection(
              new MongoNamespace("app", "explicit"),
              new RenameCollectionOptions().dropTarget(true));
      app.collection("explicit", BsonDocument.class).insertOne(doc("{_id: 2}"));
      List<BsonDocument> events = read(stream, 2);
      assertThat(events)
          .extracting(ExpandedChangeEventsTest::type)
          .containsExactly("rename", "insert");
      BsonDocument rename = events.get(0);
      assertThat(collectionUuid(rename)).isEqualTo(implicit);
      assertThat(rename.getDocument("operationDescription").getDocument("to"))
          .isEqualTo(doc("{db: 'app', coll: 'explicit'}"));
      assertThat(rename.getDocument("operationDescription").getBinary("dropTarget").asUuid())
          .isEqualTo(explicit);
      assertThat(collectionUuid(events.get(1))).isEqualTo(implicit);
    }
    assertThat(uuidOf("explicit")).isEqualTo(implicit);
    lake.close();
    lake = MongoLake.open(root);
    assertThat(lake.db("app").collectionUuid("explicit")).contains(implicit);
  }

  @Test
  void aCollectionMadeByATransactionKeepsItsUuidAcrossARestart() {
    lake.withTransaction(
        () -> {
          lake.db("app").collection("made", BsonDocument.class).insertOne(doc("{_id: 1}"));
          return null;
        });
    UUID made = uuidOf("made");
    lake.close();
    lake = MongoLake.open(root);
    assertThat(uuidOf("made")).isEqualTo(made);
  }

  @Test
  void hidingAnIndexIsAModifyNamingTheIndexAndItsVisibilityBefore() {
    MongoLakeCollection<BsonDocument> items =
        lake.db("app").collection("items", BsonDocument.class);
    items.createIndex(Indexes.ascending("x"));
    try (MongoLakeChangeStream stream = items.watch(List.of(), EXPANDED)) {
      items.modifyIndex(doc("{name: 'x_1', hidden: true}"));
      BsonDocument modify = read(stream, 1).getFirst();
      assertThat(type(modify)).isEqualTo("modify");
      assertThat(modify.getDocument("operationDescription"))
          .isEqualTo(doc("{index: {name: 'x_1', hidden: true}}"));
      assertThat(modify.getDocument("stateBeforeChange").getDocument("indexOptions"))
          .isEqualTo(doc("{hidden: false}"));
      assertThat(collectionUuid(modify)).isEqualTo(uuidOf("items"));
    }
  }

  @Test
  void eventsOfATransactionNameTheCollectionItMade() {
    try (MongoLakeChangeStream stream = lake.db("app").watch(List.of(), EXPANDED)) {
      lake.withTransaction(
          () -> {
            lake.db("app").collection("made", BsonDocument.class).insertOne(doc("{_id: 1}"));
            return null;
          });
      // The transaction's commit record creates the collection before its first insert.
      List<BsonDocument> events = read(stream, 2);
      assertThat(events)
          .extracting(ExpandedChangeEventsTest::type)
          .containsExactly("create", "insert");
      assertThat(events)
          .extracting(ExpandedChangeEventsTest::collectionUuid)
          .containsOnly(uuidOf("made"));
    }
  }

  @Test
  void aCollectionAnIndexMadeKeepsItsUuidAcrossARestart() {
    MongoLakeCollection<BsonDocument> indexed =
        lake.db("app").collection("indexed", BsonDocument.class);
    indexed.updateOne(doc("{_id: 1}"), doc("{$set: {a: 1}}"));
    indexed.createIndex(Indexes.ascending("x"));
    indexed.insertOne(doc("{_id: 2}"));
    UUID before = uuidOf("indexed");
    lake.close();
    lake = MongoLake.open(root);
    assertThat(uuidOf("indexed")).isEqualTo(before);
  }

  @Test
  void aStreamResumedFromBeforeADropNamesEachCollectionOnlyWhereTheLogTellsIt() {
    MongoLakeDatabase app = lake.db("app");
    app.collection("old", BsonDocument.class).insertOne(doc("{_id: 0}"));
    BsonDocument start;
    try (MongoLakeChangeStream stream = app.watch(List.of(), EXPANDED)) {
      app.collection("old", BsonDocument.class).insertOne(doc("{_id: 1}"));
      start = read(stream, 1).getFirst().getDocument("_id");
    }
    UUID old = uuidOf("old");
    app.collection("old", BsonDocument.class).insertOne(doc("{_id: 2}"));
    app.collection("old", BsonDocument.class).drop();
    app.collection("old", BsonDocument.class).insertOne(doc("{_id: 3}"));
    UUID recreated = uuidOf("old");

    try (MongoLakeChangeStream stream = app.watch(List.of(), EXPANDED.withResumeAfter(start))) {
      List<BsonDocument> events = read(stream, 4);
      assertThat(events)
          .extracting(ExpandedChangeEventsTest::type)
          .containsExactly("insert", "drop", "create", "insert");
      // The first two predate a drop the stream had not read when it opened: unknown, not wrong.
      assertThat(events.get(0).containsKey("collectionUUID")).isFalse();
      assertThat(events.get(1).containsKey("collectionUUID")).isFalse();
      assertThat(collectionUuid(events.get(2))).isEqualTo(recreated);
      assertThat(collectionUuid(events.get(3))).isEqualTo(recreated);
    }
    assertThat(recreated).isNotEqualTo(old);
  }

  @Test
  void oplogEntriesOfACollectionCarryItsUuid() {
    MongoLakeDatabase app = lake.db("app");
    app.createCollection("gone");
    app.collection("gone", BsonDocument.class).insertOne(doc("{_id: 0}"));
    UUID gone = uuidOf("gone");
    app.collection("gone", BsonDocument.class).drop();
    app.collection("users", BsonDocument.class).insertOne(doc("{_id: 1}"));
    UUID users = uuidOf("users");

    List<BsonDocument> entries = new ArrayList<>();
    lake.oplog(false).forEachRemaining(entries::add);
    assertThat(entries)
        .filteredOn(e -> e.getString("ns").getValue().equals("app.users"))
        .singleElement()
        .satisfies(e -> assertThat(e.getBinary("ui").asUuid()).isEqualTo(users));
    assertThat(entries)
        .filteredOn(e -> e.getString("ns").getValue().equals("app.gone"))
        .singleElement()
        .satisfies(e -> assertThat(e.getBinary("ui").asUuid()).isEqualTo(gone));
    assertThat(entries)
        .filteredOn(e -> e.getDocument("o").containsKey("create"))
        .extracting(e -> e.getBinary("ui").asUuid())
        .containsExactly(gone, users);

    Iterator<BsonDocument> newest = lake.oplog(true);
    BsonDocument last = newest.next();
    assertThat(last.getString("ns").getValue()).isEqualTo("app.users");
    assertThat(last.getBinary("ui").asUuid()).isEqualTo(users);
    // Read newest first, an entry names a collection only where that holds, never another one.
    List<BsonDocument> backwards = new ArrayList<>(List.of(last));
    newest.forEachRemaining(backwards::add);
    assertThat(backwards).hasSameSizeAs(entries);
    for (int i = 0; i < entries.size(); i++) {
      BsonDocument backward = backwards.get(entries.size() - 1 - i);
      if (backward.containsKey("ui")) {
        assertThat(backward.get("ui")).isEqualTo(entries.get(i).get("ui"));
      }
    }
  }
}
