package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Sorts.ascending;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The buffer is flushed to one Delta table per collection, and reads combine both. */
class FlushToDeltaTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<Document> users;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users");
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private void reopen() {
    lake.close();
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users");
  }

  private static Document user(int id, String name) {
    return new Document("_id", id).append("name", name);
  }

  private List<Document> tableDocuments() {
    List<Document> out = new ArrayList<>();
    DocumentTable table =
        DocumentTable.open(new FileSystemStorage(root), "app/users", Clock.systemUTC())
            .orElseThrow();
    try (var scan = table.snapshot().scan()) {
      scan.forEachRemaining(d -> out.add(Document.parse(d.toJson())));
    }
    out.sort((a, b) -> Integer.compare(a.getInteger("_id"), b.getInteger("_id")));
    return out;
  }

  @Test
  void flushCommitsTheBufferToTheCollectionsDeltaTable() {
    users.insertMany(List.of(user(1, "a"), user(2, "b"), user(3, "c")));
    users.updateOne(eq("_id", 2), set("name", "B"));
    users.deleteOne(eq("_id", 3));

    lake.flush();

    assertThat(root.resolve("app/users/_delta_log")).isDirectory();
    assertThat(tableDocuments()).containsExactly(user(1, "a"), user(2, "B"));
    assertThat(users.find().sort(ascending("_id")).into(new ArrayList<>()))
        .containsExactly(user(1, "a"), user(2, "B"));
  }

  @Test
  void readsCombineTheTableWithLaterBufferedChanges() {
    users.insertMany(List.of(user(1, "a"), user(2, "b")));
    lake.flush();

    users.updateOne(eq("_id", 1), set("name", "A"));
    users.deleteOne(eq("_id", 2));
    users.insertOne(user(3, "c"));

    assertThat(users.find().sort(ascending("_id")).into(new ArrayList<>()))
        .containsExactly(user(1, "A"), user(3, "c"));
    assertThat(users.countDocuments()).isEqualTo(2);
  }

  @Test
  void duplicateIdsAreDetectedAgainstFlushedDocuments() {
    users.insertOne(user(1, "a"));
    lake.flush();
    reopen();

    assertThatThrownBy(() -> users.insertOne(user(1, "again")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DUPLICATE_KEY));
    users.deleteOne(eq("_id", 1));
    users.insertOne(user(1, "new"));
    assertThat(users.find(eq("_id", 1)).first()).isEqualTo(user(1, "new"));
  }

  @Test
  void restartAfterFlushReadsTablesAndReplaysOnlyTheRest() {
    users.insertMany(IntStream.range(0, 50).mapToObj(i -> user(i, "u" + i)).toList());
    lake.flush();
    users.updateOne(eq("_id", 7), set("name", "seven"));
    users.insertOne(user(100, "late"));
    lake.db("app").createCollection("empty");

    reopen();

    assertThat(users.countDocuments()).isEqualTo(51);
    assertThat(users.find(eq("_id", 7)).first()).isEqualTo(user(7, "seven"));
    assertThat(users.find(eq("_id", 100)).first()).isEqualTo(user(100, "late"));
    assertThat(lake.db("app").listCollectionNames()).containsExactly("empty", "users");
  }

  @Test
  void aCursorOpenedBeforeAFlushKeepsItsSnapshot() {
    users.insertMany(List.of(user(1, "a"), user(2, "b")));
    MongoLakeCursor<Document> cursor = users.find().sort(ascending("_id")).iterator();
    MongoLakeCursor<Document> unsorted = users.find().iterator();

    users.updateOne(eq("_id", 1), set("name", "changed"));
    lake.flush();

    List<Document> seen = new ArrayList<>();
    cursor.forEachRemaining(seen::add);
    List<Document> seenUnsorted = new ArrayList<>();
    unsorted.forEachRemaining(seenUnsorted::add);
    assertThat(seen).containsExactly(user(1, "a"), user(2, "b"));
    assertThat(seenUnsorted).containsExactlyInAnyOrder(user(1, "a"), user(2, "b"));
    assertThat(users.find(eq("_id", 1)).first()).isEqualTo(user(1, "changed"));
  }

  @Test
  void droppingACollectionRemovesItsTableFolder() {
    users.insertOne(user(1, "a"));
    lake.flush();

    users.drop();

    assertThat(Files.exists(root.resolve("app/users"))).isFalse();
    assertThat(lake.db("app").listCollectionNames()).isEmpty();
    reopen();
    assertThat(lake.listDatabaseNames()).isEmpty();
  }

  @Test
  void droppingACollectionWhileItIsFlushedLeavesNoHalfTableBehind() throws Exception {
    for (int round = 0; round < 5; round++) {
      MongoLakeCollection<Document> doomed = lake.db("app").collection("doomed" + round);
      List<Document> documents = new java.util.ArrayList<>();
      for (int i = 0; i < 2_000; i++) {
        documents.add(new Document("_id", i).append("text", "x".repeat(200)));
      }
      doomed.insertMany(documents);
      Thread flusher = Thread.ofVirtual().start(lake::flush);
      doomed.drop();
      flusher.join();
    }

    reopen();

    assertThat(lake.db("app").listCollectionNames()).noneMatch(name -> name.startsWith("doomed"));
    assertThat(root.resolve("app"))
        .satisfiesAnyOf(
            app -> assertThat(app).doesNotExist(),
            app ->
                assertThat(java.nio.file.Files.list(app).map(p -> p.getFileName().toString()))
                    .noneMatch(name -> name.startsWith("doomed")));
  }

  @Test
  void flushesThatLeaveManySmallFilesCompactThemAndEveryDocumentStays() {
    for (int flush = 0; flush < 20; flush++) {
      List<Document> batch = new java.util.ArrayList<>();
      for (int i = 0; i < 10; i++) {
        batch.add(new Document("_id", flush * 100 + i).append("flush", flush));
      }
      users.insertMany(batch);
      users.updateOne(
          com.mongodb.client.model.Filters.eq("_id", flush * 100), set("touched", true));
      lake.flush();
    }

    try (FileSystemStorage storage = new FileSystemStorage(root)) {
      DocumentTable table =
          DocumentTable.open(storage, "app/users", java.time.Clock.systemUTC()).orElseThrow();
      assertThat(table.snapshot().files()).hasSizeLessThan(16);
      assertThat(table.delta().history(100))
          .extracting(dev.mongolake.delta.HistoryEntry::operation)
          .contains("OPTIMIZE");
    }
    assertThat(users.countDocuments()).isEqualTo(200);
    assertThat(users.countDocuments(com.mongodb.client.model.Filters.eq("touched", true)))
        .isEqualTo(20);
    assertThat(users.find(com.mongodb.client.model.Filters.eq("_id", 1905)).first())
        .isEqualTo(new Document("_id", 1905).append("flush", 19));

    reopen();
    assertThat(users.countDocuments()).isEqualTo(200);
  }

  @Test
  void compactingOnRequestMergesTheSmallFiles() {
    for (int flush = 0; flush < 3; flush++) {
      users.insertOne(new Document("_id", flush));
      lake.flush();
    }

    var result = users.compactFiles();

    assertThat(result.filesRemoved()).isEqualTo(3);
    assertThat(result.filesAdded()).isEqualTo(1);
    assertThat(users.find().into(new java.util.ArrayList<>()))
        .extracting(d -> d.get("_id"))
        .containsExactlyInAnyOrder(0, 1, 2);
  }
}
