package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collection restored to a past point in time or table version: afterwards it reads as the point
 * did, through its indexes too, the restore is one atomic change that change streams see and a
 * restart keeps, and what it cannot do exactly it refuses.
 */
class RestoreCollectionTest {

  @TempDir Path data;

  private static List<Document> all(MongoLakeCollection<Document> collection) {
    return collection.find().sort(new Document("_id", 1)).into(new ArrayList<>());
  }

  private static List<Document> numbered(int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> new Document("_id", i).append("v", 0)).toList();
  }

  @Test
  void aRestoredCollectionReadsAsThePointDidWhereverItsChangesWereStored() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.createIndex(Indexes.ascending("v"));
      users.insertMany(numbered(0, 20));
      lake.flush();
      users.updateMany(gte("_id", 10), set("v", 1));
      BsonTimestamp point = lake.lastWriteTime();
      List<Document> then = all(users);

      users.deleteMany(gte("_id", 15));
      users.updateOne(eq("_id", 0), set("v", 2));
      users.insertMany(numbered(100, 105));
      lake.flush();
      users.replaceOne(eq("_id", 1), new Document("_id", 1).append("other", true));

      RestoreResult result = users.restore(ReadAt.clusterTime(point));
      assertThat(result).isEqualTo(new RestoreResult(5, 2, 5));
      assertThat(all(users)).isEqualTo(then);
      // The index follows: a read through it finds exactly the restored documents.
      assertThat(users.find(eq("v", 1)).into(new ArrayList<>())).hasSize(10);
      assertThat(users.find(eq("v", 2)).into(new ArrayList<>())).isEmpty();
      assertThat(users.restore(ReadAt.clusterTime(point)).unchanged()).isTrue();
    }
    try (MongoLake lake = MongoLake.open(data)) {
      assertThat(lake.db("app").collection("users").countDocuments()).isEqualTo(20);
    }
  }

  @Test
  void aCollectionRestoresToAVersionOfItsTable() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> items = lake.db("app").collection("items");
      items.insertMany(numbered(0, 5));
      lake.flush();
      long version = items.table().orElseThrow().snapshot().version();
      items.deleteMany(new Document());
      items.insertOne(new Document("_id", "new"));
      lake.flush();

      assertThat(items.restoreToTableVersion(version)).isEqualTo(new RestoreResult(5, 0, 1));
      assertThat(all(items)).isEqualTo(numbered(0, 5));
    }
  }

  @Test
  void aChangeStreamSeesTheRestoreAsOneEventPerDocumentAtOneClusterTime() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> items = lake.db("app").collection("items");
      items.insertMany(numbered(0, 3));
      BsonTimestamp point = lake.lastWriteTime();
      items.deleteOne(eq("_id", 0));
      items.updateOne(eq("_id", 1), set("v", 9));
      items.insertOne(new Document("_id", 7));
      try (MongoLakeChangeStream stream = items.watch()) {
        items.restore(ReadAt.clusterTime(point));
        List<BsonDocument> events = new ArrayList<>();
        while (events.size() < 3 && stream.await(Duration.ofSeconds(5))) {
          events.add(stream.next());
        }
        assertThat(events)
            .extracting(e -> e.getString("operationType").getValue())
            .containsExactlyInAnyOrder("replace", "delete", "insert");
        assertThat(events.stream().map(e -> e.get("clusterTime")).distinct()).hasSize(1);
      }
    }
  }

  @Test
  void aUniqueIndexMadeSinceThePointRefusesTheRestoreAndNothingChanges() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertMany(
          List.of(
              new Document("_id", 1).append("email", "a@x"),
              new Document("_id", 2).append("email", "a@x")));
      BsonTimestamp point = lake.lastWriteTime();
      users.deleteOne(eq("_id", 2));
      users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));

      assertThatThrownBy(() -> users.restore(ReadAt.clusterTime(point)))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DUPLICATE_KEY));
      assertThat(all(users)).containsExactly(new Document("_id", 1).append("email", "a@x"));
    }
  }
}
