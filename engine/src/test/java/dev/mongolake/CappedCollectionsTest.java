package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.CursorType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capped collections through the embedded API: created with {@code createCollection}'s options, the
 * cap applied in the same change as the insert so that a replay after a crash gives the same
 * collection, and a tailable cursor that stays open and returns later inserts.
 */
class CappedCollectionsTest {

  @TempDir Path root;
  @TempDir Path crashCopies;
  private MongoLake lake;
  private int crashes;

  @AfterEach
  void close() {
    if (lake != null) {
      lake.close();
    }
  }

  private MongoLakeCollection<BsonDocument> capped(long max) {
    lake = MongoLake.open(root);
    lake.db("logs")
        .createCollection(
            "events", BsonDocument.parse("{capped: true, size: 1048576, max: " + max + "}"));
    return events();
  }

  private MongoLakeCollection<BsonDocument> events() {
    return lake.db("logs").collection("events", BsonDocument.class);
  }

  private static List<Integer> ids(MongoLakeCollection<BsonDocument> collection) {
    List<Integer> ids = new ArrayList<>();
    collection.find().forEach(document -> ids.add(document.getInt32("_id").getValue()));
    return ids;
  }

  /** The files as a SIGKILL leaves them (log synced, the tables as last flushed), opened. */
  private void crashAndReopen() throws IOException {
    lake.syncLog();
    Path copy = crashCopies.resolve("crash-" + crashes++);
    try (Stream<Path> files = Files.walk(root)) {
      for (Path source : files.toList()) {
        Path target = copy.resolve(root.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else if (!source.getFileName().toString().endsWith(".lock")) {
          Files.copy(source, target);
        }
      }
    }
    lake.close();
    root = copy;
    lake = MongoLake.open(root);
  }

  @Test
  void aReplayAfterACrashRemovesTheSameOldestDocuments() throws IOException {
    MongoLakeCollection<BsonDocument> events = capped(3);
    for (int id : List.of(8, 3, 5)) {
      events.insertOne(new BsonDocument("_id", new org.bson.BsonInt32(id)));
    }
    lake.flush();
    for (int id : List.of(1, 9)) {
      events.insertOne(new BsonDocument("_id", new org.bson.BsonInt32(id)));
    }
    assertThat(ids(events)).containsExactly(5, 1, 9);

    crashAndReopen();

    assertThat(ids(events())).containsExactly(5, 1, 9);
    events().insertOne(new BsonDocument("_id", new org.bson.BsonInt32(2)));
    assertThat(ids(events())).containsExactly(1, 9, 2);
    assertThat(lake.db("logs").collectionOptions("events").orElseThrow())
        .isEqualTo(BsonDocument.parse("{capped: true, size: 1048576, max: 3}"));
  }

  @Test
  void aTailableAwaitCursorReturnsLaterInserts() throws Exception {
    MongoLakeCollection<BsonDocument> events = capped(0);
    events.insertOne(new BsonDocument("_id", new org.bson.BsonInt32(1)));

    try (MongoLakeTailableCursor<BsonDocument> cursor =
        (MongoLakeTailableCursor<BsonDocument>)
            events.find().cursorType(CursorType.TailableAwait).iterator()) {
      assertThat(cursor.next().getInt32("_id").getValue()).isEqualTo(1);
      assertThat(cursor.hasNext()).isFalse();
      CompletableFuture<BsonValue> inserted =
          CompletableFuture.supplyAsync(
              () -> {
                events.insertOne(new BsonDocument("_id", new org.bson.BsonInt32(2)));
                return new org.bson.BsonInt32(2);
              });

      assertThat(cursor.await(Duration.ofMinutes(1))).isTrue();
      assertThat(cursor.next().get("_id")).isEqualTo(inserted.get(1, TimeUnit.MINUTES));
      assertThat(cursor.exhausted()).isFalse();
    }
  }

  @Test
  void aTailableCursorOnAPlainCollectionIsRefused() {
    lake = MongoLake.open(root);
    lake.db("logs").createCollection("plain");

    assertThatThrownBy(
            () ->
                lake.db("logs")
                    .collection("plain")
                    .find()
                    .cursorType(CursorType.Tailable)
                    .iterator())
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.BAD_VALUE))
        .hasMessageContaining("tailable cursor requested on non capped collection");
  }
}
