package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.Aggregates;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lake.db(name, ReadAt)}: a database read as it was at a log time, the same point for every
 * collection, exact whether the changes since are buffered, flushed or compacted into the tables,
 * and refused when the lake can no longer rebuild it.
 */
class ReadAtPastPointTest {

  @TempDir Path data;

  private static List<Document> all(MongoLakeCollection<Document> collection) {
    List<Document> out = new ArrayList<>();
    collection.find().sort(new Document("_id", 1)).forEach(out::add);
    return out;
  }

  private static List<Document> numbered(int from, int to, String field, Object value) {
    return IntStream.range(from, to)
        .mapToObj(i -> new Document("_id", i).append(field, value))
        .toList();
  }

  @Test
  void aPastPointSeesTheWritesBeforeItAndNoneAfterWhereverTheyAreStored() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      MongoLakeCollection<Document> orders = lake.db("app").collection("orders");
      users.insertMany(numbered(0, 10, "v", 0));
      lake.flush();
      users.updateMany(gte("_id", 5), set("v", 1));
      orders.insertOne(new Document("_id", "o1").append("user", 7));
      BsonTimestamp point = lake.lastWriteTime();
      List<Document> usersThen = all(users);

      users.deleteMany(gte("_id", 8));
      users.updateOne(eq("_id", 0), set("v", 2));
      users.insertOne(new Document("_id", 100));
      orders.insertOne(new Document("_id", "o2").append("user", 0));

      MongoLakeDatabase past = lake.db("app", ReadAt.clusterTime(point));
      assertThat(all(past.collection("users"))).as("buffered since").isEqualTo(usersThen);

      lake.flush();
      MongoLakeDatabase afterFlush = lake.db("app", ReadAt.clusterTime(point));
      assertThat(all(afterFlush.collection("users"))).as("flushed since").isEqualTo(usersThen);
      assertThat(afterFlush.collection("users").countDocuments()).isEqualTo(10);
      assertThat(afterFlush.collection("users").countDocuments(eq("v", 1))).isEqualTo(5);
      assertThat(afterFlush.collection("orders").distinct("_id", new Document(), String.class))
          .containsExactly("o1");
      assertThat(afterFlush.collection("users").find(eq("_id", 9)).first())
          .isEqualTo(new Document("_id", 9).append("v", 1));

      List<Document> joined = new ArrayList<>();
      try (MongoLakeCursor<Document> cursor =
          afterFlush
              .collection("orders")
              .aggregate(
                  List.of(
                      Aggregates.lookup("users", "user", "_id", "buyer"),
                      Aggregates.project(new Document("buyer.v", 1))))) {
        cursor.forEachRemaining(joined::add);
      }
      assertThat(joined)
          .as("$lookup reads the joined collection at the same point")
          .containsExactly(Document.parse("{_id: 'o1', buyer: [{v: 1}]}"));

      assertThat(all(users)).as("the present is untouched").hasSize(9);
    }
  }

  @Test
  void aPastPointSurvivesARestartAndTheTablesCompaction() {
    BsonTimestamp point;
    List<Document> then;
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> items = lake.db("app").collection("items");
      for (int round = 0; round < 3; round++) {
        items.insertMany(numbered(round * 10, round * 10 + 10, "round", round));
        lake.flush();
      }
      point = lake.lastWriteTime();
      then = all(items);
      items.updateMany(new Document(), set("round", -1));
      lake.flush();
      items.compactFiles();
    }
    try (MongoLake lake = MongoLake.open(data)) {
      assertThat(all(lake.db("app", ReadAt.clusterTime(point)).collection("items")))
          .isEqualTo(then);
      assertThat(lake.db("app").collection("items").countDocuments(eq("round", -1))).isEqualTo(30);
    }
  }

  @Test
  void aCollectionCreatedAfterThePointIsNotThere() {
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("early").insertOne(new Document("_id", 1));
      BsonTimestamp point = lake.lastWriteTime();
      lake.db("app").collection("late").insertOne(new Document("_id", 1));
      lake.flush();
      MongoLakeDatabase past = lake.db("app", ReadAt.clusterTime(point));
      assertThat(past.listCollectionNames()).containsExactly("early");
      assertThat(past.collection("late").countDocuments()).isZero();
    }
  }

  @Test
  void writesThroughAPastPointAreRefusedByName() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertOne(new Document("_id", 1));
      MongoLakeDatabase past = lake.db("app", ReadAt.clusterTime(lake.lastWriteTime()));
      assertThatThrownBy(() -> past.collection("users").insertOne(new Document("_id", 2)))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("Cannot write documents")
          .hasMessageContaining("read as of a past point in time")
          .extracting(e -> ((MongoLakeException) e).errorCode())
          .isEqualTo(ErrorCode.ILLEGAL_OPERATION);
      assertThatThrownBy(() -> past.createCollection("other"))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("Cannot create collection app.other");
      assertThatThrownBy(() -> past.collection("users").drop())
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("Cannot drop collection app.users");
      assertThat(users.countDocuments()).isEqualTo(1);
    }
  }

  @Test
  void aPointBeforeACollectionWasDroppedIsSnapshotUnavailable() {
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("gone").insertOne(new Document("_id", 1));
      BsonTimestamp point = lake.lastWriteTime();
      lake.db("app").collection("gone").drop();
      assertThatThrownBy(() -> lake.db("app", ReadAt.clusterTime(point)))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("app.gone was dropped or renamed since")
          .extracting(e -> ((MongoLakeException) e).errorCode())
          .isEqualTo(ErrorCode.SNAPSHOT_UNAVAILABLE);
    }
  }

  @Test
  void aPointBeforeARenameIntoTheDatabaseIsSnapshotUnavailableButOtherDatabasesReadOn() {
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("a").insertOne(new Document("_id", 1));
      lake.db("other").collection("b").insertOne(new Document("_id", 2));
      BsonTimestamp point = lake.lastWriteTime();
      lake.db("app")
          .collection("a")
          .renameCollection(new com.mongodb.MongoNamespace("app", "renamed"));
      for (int i = 0; i < 100; i++) {
        lake.db("other").collection("b").insertOne(new Document("_id", 10 + i));
      }
      assertThatThrownBy(() -> lake.db("app", ReadAt.clusterTime(point)))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("app.a was dropped or renamed since");
      assertThat(lake.db("other", ReadAt.clusterTime(point)).collection("b").countDocuments())
          .isEqualTo(1);
    }
  }

  @Test
  void aPointWhoseFilesVacuumDeletedIsSnapshotTooOld() {
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(data)
            .withVacuum(new VacuumSettings(Duration.ZERO, Duration.ofDays(1)));
    try (MongoLake lake = MongoLake.open(options)) {
      MongoLakeCollection<Document> items = lake.db("app").collection("items");
      items.insertMany(numbered(0, 5, "v", 0));
      lake.flush();
      BsonTimestamp point = lake.lastWriteTime();
      items.updateMany(new Document(), set("v", 1));
      lake.flush();
      items.vacuum(Duration.ZERO, false, true);
      assertThatThrownBy(() -> lake.db("app", ReadAt.clusterTime(point)))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("vacuum deleted its data file")
          .extracting(e -> ((MongoLakeException) e).errorCode())
          .isEqualTo(ErrorCode.SNAPSHOT_TOO_OLD);
    }
  }

  @Test
  void aPointAfterTheLatestWriteIsInvalidOptions() {
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("c").insertOne(new Document("_id", 1));
      BsonTimestamp later = new BsonTimestamp(lake.lastWriteTime().getTime() + 3600, 1);
      assertThatThrownBy(() -> lake.db("app", ReadAt.clusterTime(later)))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("later than the latest write")
          .extracting(e -> ((MongoLakeException) e).errorCode())
          .isEqualTo(ErrorCode.INVALID_OPTIONS);
    }
  }

  @Test
  void aTableVersionReadsExactlyWhatThatVersionHoldsAndNothingElse() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> items = lake.db("app").collection("items");
      items.insertMany(numbered(0, 3, "v", 0));
      lake.flush();
      long first = items.table().orElseThrow().snapshot().version();
      items.updateMany(new Document(), set("v", 1));
      items.insertOne(new Document("_id", 3).append("v", 1));
      lake.flush();
      items.insertOne(new Document("_id", 4).append("v", 2));

      MongoLakeCollection<Document> then = items.atTableVersion(first);
      assertThat(all(then)).isEqualTo(numbered(0, 3, "v", 0));
      assertThat(then.countDocuments()).isEqualTo(3);
      long latest = items.table().orElseThrow().snapshot().version();
      assertThat(items.atTableVersion(latest).countDocuments())
          .as("the buffered insert is in no table version yet")
          .isEqualTo(4);
      assertThatThrownBy(() -> then.insertOne(new Document("_id", 9)))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("app.items is read as of a past point in time");
      assertThatThrownBy(
              () -> then.aggregate(List.of(Aggregates.lookup("other", "v", "_id", "o"))).hasNext())
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("Cannot read other collections");
      assertThatThrownBy(() -> items.atTableVersion(latest + 1))
          .isInstanceOf(MongoLakeException.class)
          .extracting(e -> ((MongoLakeException) e).errorCode())
          .isEqualTo(ErrorCode.BAD_VALUE);
    }
  }
}
