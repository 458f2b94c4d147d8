package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.RenameCollectionOptions;
import dev.mongolake.delta.table.DocumentTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RenameCollectionTest {

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

  private void reopen() {
    lake.close();
    lake = MongoLake.open(root);
  }

  private MongoLakeCollection<Document> collection(String db, String name) {
    return lake.db(db).collection(name);
  }

  private static List<Document> documents(int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> new Document("_id", i).append("v", i)).toList();
  }

  private static List<Object> ids(MongoLakeCollection<Document> collection) {
    List<Object> ids = new ArrayList<>();
    collection.find().forEach(d -> ids.add(d.get("_id")));
    ids.sort((a, b) -> Integer.compare((Integer) a, (Integer) b));
    return ids;
  }

  private static List<Object> range(int from, int to) {
    return new ArrayList<>(IntStream.range(from, to).boxed().toList());
  }

  private String tablePath(String db, String name) {
    return collection(db, name).table().map(DocumentTable::path).orElseThrow();
  }

  @Test
  void renameKeepsFlushedAndUnflushedDocuments() {
    MongoLakeCollection<Document> orders = collection("app", "orders");
    orders.insertMany(documents(0, 10));
    lake.flush();
    orders.insertMany(documents(10, 15));
    orders.deleteOne(eq("_id", 3));
    orders.updateOne(eq("_id", 4), new Document("$set", new Document("v", 40)));

    orders.renameCollection(new MongoNamespace("app", "archive"));

    MongoLakeCollection<Document> archive = collection("app", "archive");
    List<Object> expected = range(0, 15);
    expected.remove(Integer.valueOf(3));
    assertThat(ids(archive)).isEqualTo(expected);
    assertThat(archive.find(eq("_id", 4)).first())
        .isEqualTo(new Document("_id", 4).append("v", 40));
    assertThat(lake.db("app").listCollectionNames()).containsExactly("archive");
    assertThat(orders.countDocuments()).isZero();
    // The table stays where it was; no file moved.
    assertThat(tablePath("app", "archive")).isEqualTo("app/orders");

    reopen();

    assertThat(lake.db("app").listCollectionNames()).containsExactly("archive");
    assertThat(ids(collection("app", "archive"))).isEqualTo(expected);
  }

  @Test
  void renameOfACollectionNeverFlushedKeepsItsDocumentsAcrossRestart() {
    collection("app", "fresh").insertMany(documents(0, 5));

    collection("app", "fresh").renameCollection(new MongoNamespace("app", "renamed"));
    collection("app", "renamed").insertOne(new Document("_id", 5).append("v", 5));
    reopen();

    assertThat(lake.db("app").listCollectionNames()).containsExactly("renamed");
    assertThat(ids(collection("app", "renamed"))).isEqualTo(range(0, 6));
  }

  @Test
  void indexesTravelWithTheCollection() {
    MongoLakeCollection<Document> users = collection("app", "users");
    users.insertMany(documents(0, 20));
    users.createIndex(new Document("v", 1), new IndexOptions().unique(true));
    lake.flush();

    users.renameCollection(new MongoNamespace("app", "people"));

    MongoLakeCollection<Document> people = collection("app", "people");
    assertThat(people.listIndexes())
        .extracting(index -> index.getString("name").getValue())
        .containsExactly("_id_", "v_1");
    assertThat(people.plannedIndex(eq("v", 7), null)).isNotNull();
    assertThatThrownBy(() -> people.insertOne(new Document("_id", 99).append("v", 7)))
        .isInstanceOfSatisfying(
            MongoLakeWriteException.class,
            e ->
                assertThat(e.getMessage())
                    .contains("collection: app.people index: v_1 dup key: { v: 7 }"));

    reopen();

    MongoLakeCollection<Document> reopened = collection("app", "people");
    assertThat(reopened.listIndexes())
        .extracting(index -> index.getString("name").getValue())
        .containsExactly("_id_", "v_1");
    assertThat(reopened.find(eq("v", 7)).first()).isEqualTo(new Document("_id", 7).append("v", 7));
  }

  @Test
  void dropTargetReplacesTheExistingCollectionAndDeletesItsTable() {
    collection("app", "source").insertMany(documents(0, 3));
    collection("app", "target").insertMany(documents(100, 110));
    collection("app", "target").createIndex(new Document("v", -1));
    lake.flush();
    assertThat(root.resolve("app/target/_delta_log")).isDirectory();

    collection("app", "source")
        .renameCollection(
            new MongoNamespace("app", "target"), new RenameCollectionOptions().dropTarget(true));

    assertThat(ids(collection("app", "target"))).isEqualTo(range(0, 3));
    assertThat(collection("app", "target").listIndexes()).hasSize(1);
    assertThat(lake.db("app").listCollectionNames()).containsExactly("target");
    assertThat(root.resolve("app/target")).doesNotExist();

    reopen();

    assertThat(lake.db("app").listCollectionNames()).containsExactly("target");
    assertThat(ids(collection("app", "target"))).isEqualTo(range(0, 3));
  }

  @Test
  void renameRefusesAMissingSourceAnExistingTargetAndItsOwnName() {
    collection("app", "a").insertOne(new Document("_id", 1));
    collection("app", "b").insertOne(new Document("_id", 2));

    assertError(
        () -> collection("app", "missing").renameCollection(new MongoNamespace("app", "c")),
        ErrorCode.NAMESPACE_NOT_FOUND,
        "Source collection app.missing does not exist");
    assertError(
        () -> collection("app", "a").renameCollection(new MongoNamespace("app", "b")),
        ErrorCode.NAMESPACE_EXISTS,
        "target namespace exists");
    assertError(
        () -> collection("app", "a").renameCollection(new MongoNamespace("app", "a")),
        ErrorCode.ILLEGAL_OPERATION,
        "Can't rename a collection to itself");
    assertThat(ids(collection("app", "a"))).containsExactly(1);
    assertThat(ids(collection("app", "b"))).containsExactly(2);
  }

  @Test
  void invalidTargetNamesAreRefusedAndNothingLeavesTheDataRoot() {
    collection("app", "a").insertOne(new Document("_id", 1));

    for (String name : List.of("../escape", "x/../../y", "a$b", "system.users", ".hidden")) {
      assertThatThrownBy(
              () -> collection("app", "a").renameCollection(new MongoNamespace("app", name)))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_NAMESPACE));
    }
    assertThatThrownBy(
            () -> collection("app", "a").renameCollection(new MongoNamespace("_wal", "x")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_NAMESPACE));
    assertThat(lake.db("app").listCollectionNames()).containsExactly("a");
  }

  @Test
  void renameAcrossDatabases() {
    collection("staging", "events").insertMany(documents(0, 4));
    lake.flush();
    collection("staging", "events").insertOne(new Document("_id", 4).append("v", 4));

    collection("staging", "events").renameCollection(new MongoNamespace("prod", "events"));

    assertThat(lake.listDatabaseNames()).containsExactly("prod");
    assertThat(ids(collection("prod", "events"))).isEqualTo(range(0, 5));
    assertThat(tablePath("prod", "events")).isEqualTo("staging/events");

    reopen();

    assertThat(lake.listDatabaseNames()).containsExactly("prod");
    assertThat(ids(collection("prod", "events"))).isEqualTo(range(0, 5));
  }

  @Test
  void theOldNameCanBeCreatedAgainWithItsOwnTable() {
    collection("app", "logs").insertMany(documents(0, 3));
    lake.flush();
    collection("app", "logs").renameCollection(new MongoNamespace("app", "logs_old"));

    collection("app", "logs").insertMany(documents(50, 52));
    lake.flush();

    assertThat(tablePath("app", "logs_old")).isEqualTo("app/logs");
    assertThat(tablePath("app", "logs")).isEqualTo("app/logs.2");
    assertThat(ids(collection("app", "logs_old"))).isEqualTo(range(0, 3));
    assertThat(ids(collection("app", "logs"))).isEqualTo(range(50, 52));

    reopen();

    assertThat(lake.db("app").listCollectionNames()).containsExactly("logs", "logs_old");
    assertThat(ids(collection("app", "logs_old"))).isEqualTo(range(0, 3));
    assertThat(ids(collection("app", "logs"))).isEqualTo(range(50, 52));
  }

  @Test
  void droppingARenamedCollectionDeletesItsActualTable() {
    collection("app", "a").insertMany(documents(0, 3));
    lake.flush();
    collection("app", "a").renameCollection(new MongoNamespace("app", "b"));
    collection("app", "a").insertOne(new Document("_id", 9));
    lake.flush();

    collection("app", "b").drop();

    assertThat(root.resolve("app/a")).doesNotExist();
    assertThat(root.resolve("_mongolake/collections/app/b")).doesNotExist();
    assertThat(ids(collection("app", "a"))).containsExactly(9);

    reopen();

    assertThat(lake.db("app").listCollectionNames()).containsExactly("a");
    assertThat(ids(collection("app", "a"))).containsExactly(9);
  }

  @Test
  void renamingBackAndForthAndChainingSurvivesRestart() {
    collection("app", "a").insertMany(documents(0, 2));
    collection("app", "a").renameCollection(new MongoNamespace("app", "b"));
    collection("app", "b").insertOne(new Document("_id", 2).append("v", 2));
    collection("app", "b").renameCollection(new MongoNamespace("app", "c"));
    collection("app", "c").renameCollection(new MongoNamespace("app", "a"));
    collection("app", "a").insertOne(new Document("_id", 3).append("v", 3));

    reopen();

    assertThat(lake.db("app").listCollectionNames()).containsExactly("a");
    assertThat(ids(collection("app", "a"))).isEqualTo(range(0, 4));
  }

  @Test
  void aMarkerLeftByARenameCutShortIsSettledOnOpen() throws Exception {
    collection("app", "a").insertMany(documents(0, 3));
    collection("app", "a").renameCollection(new MongoNamespace("app", "b"));
    lake.close();
    // As if the rename stopped after writing the new marker and before deleting the old one.
    Path oldMarker = root.resolve("_mongolake/collections/app/a");
    Files.write(oldMarker, new byte[0]);

    lake = MongoLake.open(root);

    assertThat(lake.db("app").listCollectionNames()).containsExactly("b");
    assertThat(ids(collection("app", "b"))).isEqualTo(range(0, 3));
    assertThat(oldMarker).doesNotExist();
    String marker =
        Files.readString(root.resolve("_mongolake/collections/app/b"), StandardCharsets.UTF_8);
    assertThat(BsonDocument.parse(marker).getString("table").getValue()).isEqualTo("app/a");
  }

  @Test
  void ttlIndexesKeepReapingUnderTheNewName() {
    lake.close();
    lake =
        MongoLake.open(
            MongoLakeOptions.defaults().withPath(root).withTtlMonitorPeriod(Duration.ofMillis(50)));
    MongoLakeCollection<Document> sessions = collection("app", "sessions");
    sessions.createIndex(
        new Document("at", 1), new IndexOptions().expireAfter(3600L, TimeUnit.SECONDS));
    sessions.insertOne(new Document("_id", 2).append("at", new Date()));
    sessions.renameCollection(new MongoNamespace("app", "visits"));

    MongoLakeCollection<Document> visits = collection("app", "visits");
    visits.insertOne(new Document("_id", 1).append("at", new Date(0)));

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(ids(visits)).containsExactly(2));
  }

  @Test
  void writesRacingARenameLandInExactlyOneOfTheNames() throws Exception {
    collection("app", "a").insertMany(documents(0, 100));
    java.util.concurrent.atomic.AtomicBoolean stop =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicInteger acknowledged =
        new java.util.concurrent.atomic.AtomicInteger(100);
    Thread writer =
        Thread.ofPlatform()
            .start(
                () -> {
                  for (int i = 100; !stop.get(); i++) {
                    collection("app", "a").insertOne(new Document("_id", i).append("v", i));
                    acknowledged.incrementAndGet();
                  }
                });
    try {
      await().until(() -> acknowledged.get() > 200);
      collection("app", "a").renameCollection(new MongoNamespace("app", "b"));
      int atRename = acknowledged.get();
      await().until(() -> acknowledged.get() > atRename + 100);
    } finally {
      stop.set(true);
      writer.join();
    }

    List<Object> all = new ArrayList<>(ids(collection("app", "b")));
    all.addAll(ids(collection("app", "a")));
    all.sort((x, y) -> Integer.compare((Integer) x, (Integer) y));
    assertThat(all).isEqualTo(range(0, acknowledged.get()));
    assertThat(ids(collection("app", "b"))).startsWith(range(0, 200).toArray());

    reopen();

    List<Object> afterRestart = new ArrayList<>(ids(collection("app", "b")));
    afterRestart.addAll(ids(collection("app", "a")));
    afterRestart.sort((x, y) -> Integer.compare((Integer) x, (Integer) y));
    assertThat(afterRestart).isEqualTo(all);
  }

  private static void assertError(Runnable action, ErrorCode code, String message) {
    assertThatThrownBy(action::run)
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(code))
        .hasMessage(message);
  }
}
