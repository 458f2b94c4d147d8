package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.IndexOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capped collections through the official Java driver: created with {@code size} and {@code max},
 * shown by {@code listCollections}, {@code collStats} and {@code $collStats}, changed by {@code
 * collMod}; inserts past the cap remove the oldest documents; natural order is insertion order
 * (both ways, before and after a flush, across a restart); and every option MongoDB refuses is
 * refused with its code.
 */
class CappedCollectionsWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.BATCH);
    db = local.client().getDatabase("logs");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private MongoCollection<Document> capped(String name, long size, long max) {
    CreateCollectionOptions options = new CreateCollectionOptions().capped(true).sizeInBytes(size);
    if (max > 0) {
      options.maxDocuments(max);
    }
    db.createCollection(name, options);
    return db.getCollection(name);
  }

  private static List<Object> ids(Iterable<Document> documents) {
    List<Object> ids = new ArrayList<>();
    documents.forEach(document -> ids.add(document.get("_id")));
    return ids;
  }

  private Document options(String name) {
    return db.listCollections().filter(eq("name", name)).first().get("options", Document.class);
  }

  private void fsync() {
    local.client().getDatabase("admin").runCommand(new Document("fsync", 1));
  }

  private void restart() {
    local.close();
    local = LocalServer.start(data, Durability.BATCH);
    db = local.client().getDatabase("logs");
  }

  @Test
  void aCappedCollectionListsItsSizeAndMax() {
    capped("events", 5000, 3);
    capped("nomax", 1000, 0);

    assertThat(options("events")).isEqualTo(Document.parse("{capped: true, size: 5000, max: 3}"));
    // MongoDB 8.0 keeps the size as given (no rounding to 256-byte multiples since 6.2).
    assertThat(options("nomax")).isEqualTo(Document.parse("{capped: true, size: 1000}"));
    db.runCommand(Document.parse("{create: 'unlimited', capped: true, size: 4096, max: 0}"));
    assertThat(options("unlimited").get("max")).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void insertsPastMaxRemoveTheOldestDocuments() {
    MongoCollection<Document> events = capped("events", 1 << 20, 3);
    for (int i = 1; i <= 5; i++) {
      events.insertOne(new Document("_id", i));
    }

    assertThat(ids(events.find())).containsExactly(3, 4, 5);
    assertThat(events.countDocuments()).isEqualTo(3);
  }

  @Test
  void insertsPastSizeRemoveTheOldestDocuments() {
    MongoCollection<Document> events = capped("events", 4100, 0);
    String text = "x".repeat(1000);
    for (int i = 1; i <= 6; i++) {
      events.insertOne(new Document("_id", i).append("text", text));
    }

    // Each document takes 1,025 BSON bytes: four fit in 4,100, the first two went.
    assertThat(ids(events.find())).containsExactly(3, 4, 5, 6);
  }

  @Test
  void naturalOrderIsInsertionOrderBothWaysBeforeAndAfterAFlush() {
    MongoCollection<Document> events = capped("events", 1 << 20, 0);
    List<Object> inserted = List.of(5, "b", 1, 3.5, "a", 2);
    for (Object id : inserted.subList(0, 3)) {
      events.insertOne(new Document("_id", id));
    }
    fsync();
    for (Object id : inserted.subList(3, 6)) {
      events.insertOne(new Document("_id", id));
    }
    // An update that grows a document keeps its place (MongoDB 8.0 allows size changes).
    events.updateOne(eq("_id", 1), set("grown", "y".repeat(500)));

    assertThat(ids(events.find())).containsExactlyElementsOf(inserted);
    assertThat(ids(events.find().sort(new Document("$natural", -1))))
        .containsExactlyElementsOf(inserted.reversed());
    assertThat(ids(events.find(eq("_id", "a")))).containsExactly("a");
    fsync();
    assertThat(ids(events.find())).containsExactlyElementsOf(inserted);
  }

  @Test
  void deletesAndUpdatesAreAllowed() {
    MongoCollection<Document> events = capped("events", 1 << 20, 0);
    events.insertMany(List.of(new Document("_id", 1), new Document("_id", 2)));

    assertThat(events.deleteOne(eq("_id", 1)).getDeletedCount()).isEqualTo(1);
    assertThat(events.updateOne(eq("_id", 2), set("a", 1)).getModifiedCount()).isEqualTo(1);
    assertThat(events.find().into(new ArrayList<>()))
        .containsExactly(new Document("_id", 2).append("a", 1));
  }

  @Test
  void collStatsAndCollStatsStageShowTheCap() {
    capped("events", 5000, 3).insertOne(new Document("_id", 1));
    capped("nomax", 2048, 0);
    db.createCollection("plain");

    Document stats = db.runCommand(new Document("collStats", "events"));
    assertThat(stats.getBoolean("capped")).isTrue();
    assertThat(stats.get("max")).isEqualTo(3);
    assertThat(stats.get("maxSize")).isEqualTo(5000);
    Document stage =
        db.getCollection("events")
            .aggregate(List.of(Document.parse("{$collStats: {storageStats: {}}}")))
            .first()
            .get("storageStats", Document.class);
    assertThat(stage.getBoolean("capped")).isTrue();
    assertThat(stage.get("max")).isEqualTo(3);
    assertThat(stage.get("maxSize")).isEqualTo(5000);
    assertThat(db.runCommand(new Document("collStats", "nomax")).get("max")).isEqualTo(0);
    Document plain = db.runCommand(new Document("collStats", "plain"));
    assertThat(plain.getBoolean("capped")).isFalse();
    assertThat(plain).doesNotContainKeys("max", "maxSize");
  }

  @Test
  void collModChangesTheCapAndTheNextInsertApplies() {
    MongoCollection<Document> events = capped("events", 1 << 20, 5);
    for (int i = 1; i <= 5; i++) {
      events.insertOne(new Document("_id", i));
    }

    db.runCommand(Document.parse("{collMod: 'events', cappedMax: 2, cappedSize: 100000}"));
    // As in MongoDB: a smaller cap removes documents at the next insert.
    assertThat(events.countDocuments()).isEqualTo(5);
    events.insertOne(new Document("_id", 6));

    assertThat(ids(events.find())).containsExactly(5, 6);
    assertThat(options("events")).isEqualTo(Document.parse("{capped: true, size: 100000, max: 2}"));
  }

  @Test
  void aRestartKeepsTheCapAndTheOrder() {
    MongoCollection<Document> events = capped("events", 1 << 20, 4);
    events.insertOne(new Document("_id", 9));
    events.insertOne(new Document("_id", 2));
    fsync();
    events.insertOne(new Document("_id", 7));
    events.insertOne(new Document("_id", 1));
    restart();
    events = db.getCollection("events");

    assertThat(ids(events.find())).containsExactly(9, 2, 7, 1);
    assertThat(options("events"))
        .isEqualTo(Document.parse("{capped: true, size: 1048576, max: 4}"));
    events.insertOne(new Document("_id", 0));
    assertThat(ids(events.find())).containsExactly(2, 7, 1, 0);

    fsync();
    restart();
    assertThat(ids(db.getCollection("events").find())).containsExactly(2, 7, 1, 0);
  }

  @Test
  void aDocumentLargerThanTheCapIsRefused() {
    MongoCollection<Document> events = capped("events", 100, 0);

    assertThatThrownBy(() -> events.insertOne(new Document("text", "x".repeat(200))))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(10334);
              assertThat(e.getError().getMessage())
                  .isEqualTo("object to insert exceeds cappedMaxSize");
            });
  }

  @Test
  void ttlIndexesAreAllowedOnCappedCollectionsAsInMongoDb8() {
    MongoCollection<Document> events = capped("events", 1 << 20, 0);

    // MongoDB 7.1 lifted the refusal (SERVER-77586): a capped collection may have a TTL index.
    events.createIndex(
        new Document("at", 1), new IndexOptions().expireAfter(60L, TimeUnit.SECONDS));
    assertThat(events.listIndexes().into(new ArrayList<>())).hasSize(2);
  }

  @Test
  void cloneCollectionAsCappedKeepsTheNewestThatFit() {
    MongoCollection<Document> source = db.getCollection("source");
    for (int i = 1; i <= 6; i++) {
      source.insertOne(new Document("_id", i).append("text", "x".repeat(1000)));
    }

    db.runCommand(
        Document.parse("{cloneCollectionAsCapped: 'source', toCollection: 'copy', size: 4100}"));

    assertThat(ids(db.getCollection("copy").find())).containsExactly(3, 4, 5, 6);
    assertThat(options("copy")).isEqualTo(Document.parse("{capped: true, size: 4100}"));
    assertThat(source.countDocuments()).isEqualTo(6);
    assertRefused(
        "{cloneCollectionAsCapped: 'missing', toCollection: 'other', size: 4096}",
        26,
        "source collection logs.missing does not exist");
  }

  @Test
  void convertToCappedMakesTheCollectionCapped() {
    MongoCollection<Document> events = db.getCollection("events");
    events.insertMany(List.of(new Document("_id", 1), new Document("_id", 2)));
    events.createIndex(new Document("at", 1));

    db.runCommand(Document.parse("{convertToCapped: 'events', size: 100000}"));

    assertThat(options("events")).isEqualTo(Document.parse("{capped: true, size: 100000}"));
    assertThat(ids(events.find())).containsExactly(1, 2);
    // As in MongoDB, only the _id index is kept.
    assertThat(events.listIndexes().into(new ArrayList<>())).hasSize(1);
    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("events");
    assertRefused(
        "{convertToCapped: 'events'}",
        40414,
        "BSON field 'convertToCapped.size' is missing but a required field");
  }

  private void assertRefused(String command, int code, String message) {
    assertThatThrownBy(() -> db.runCommand(Document.parse(command)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorMessage()).isEqualTo(message);
            });
  }

  @Test
  void invalidCappedOptionsAreRefusedWithMongoDbsCodes() {
    assertRefused(
        "{create: 'c', capped: true}", 72, "the 'size' field is required when 'capped' is true");
    assertRefused(
        "{create: 'c', capped: true, max: 5}",
        72,
        "the 'size' field is required when 'capped' is true");
    assertRefused(
        "{create: 'c', size: 4096}",
        72,
        "the 'capped' field needs to be true when either the 'size' or 'max' fields are present");
    assertRefused(
        "{create: 'c', capped: true, size: 0}",
        51024,
        "BSON field 'size' value must be >= 1, actual value '0'");
    assertRefused(
        "{create: 'c', capped: true, size: -500}",
        51024,
        "BSON field 'size' value must be >= 1, actual value '-500'");
    assertRefused(
        "{create: 'c', capped: true, size: {$numberLong: '4611686018427387904'}}",
        51024,
        "BSON field 'size' value must be <= 1125899906842624, actual value"
            + " '4611686018427387904'");
    assertRefused(
        "{create: 'c', capped: true, size: 4096, max: {$numberLong: '2147483648'}}",
        51024,
        "BSON field 'max' value must be < 2147483648, actual value '2147483648'");
    assertRefused(
        "{create: 'c', capped: true, size: 'big'}",
        14,
        "BSON field 'create.size' is the wrong type 'string', expected types"
            + " '[long, int, decimal, double']");
    db.createCollection("plain");
    assertRefused("{collMod: 'plain', cappedSize: 5000}", 72, "Collection must be capped.");
    assertRefused("{collMod: 'plain', cappedMax: 5}", 72, "Collection must be capped.");
    assertRefused(
        "{collMod: 'plain', cappedSize: 0}",
        51024,
        "BSON field 'cappedSize' value must be >= 1, actual value '0'");
    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("plain");
  }
}
