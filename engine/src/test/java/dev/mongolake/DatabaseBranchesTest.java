package dev.mongolake;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.Indexes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bson.BsonInt32;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Branches of a database: created without copying data files, written independently of the parent,
 * compared and merged with conflicts settled by policy, kept across a restart, protected from
 * vacuum and drops, and deleted without touching the parent.
 */
class DatabaseBranchesTest {

  @TempDir Path data;

  private static List<Document> numbered(int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> new Document("_id", i).append("v", 0)).toList();
  }

  private static List<Document> all(MongoLakeCollection<Document> collection) {
    return collection.find().sort(new Document("_id", 1)).into(new ArrayList<>());
  }

  private static long parquetFiles(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(p -> p.toString().endsWith(".parquet")).count();
    }
  }

  @Test
  void aBranchBeginsAsItsParentWithoutCopyingDataFilesAndWritesIndependently() throws IOException {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.createIndex(Indexes.ascending("v"));
      users.insertMany(numbered(0, 50));
      lake.flush();
      users.updateOne(eq("_id", 1), set("v", 1));
      users.insertOne(new Document("_id", 100).append("v", 0));

      BranchInfo branch = lake.branches().create("app", "feature");
      assertThat(branch.database()).isEqualTo("app@feature");
      assertThat(branch.collections()).containsExactly("users");
      MongoLakeCollection<Document> onBranch = lake.db("app@feature").collection("users");
      assertThat(all(onBranch)).isEqualTo(all(users));
      assertThat(onBranch.find(eq("v", 1)).into(new ArrayList<>())).hasSize(1);
      // The flushed documents are the parent's files; only the buffered two were written anew.
      assertThat(parquetFiles(data.resolve("app@feature/users"))).isEqualTo(1);

      onBranch.insertOne(new Document("_id", 200));
      onBranch.deleteMany(and(gte("_id", 40), lt("_id", 50)));
      users.updateOne(eq("_id", 2), set("v", 2));

      assertThat(users.countDocuments()).isEqualTo(51);
      assertThat(users.find(eq("_id", 200)).first()).isNull();
      assertThat(onBranch.countDocuments()).isEqualTo(42);
      assertThat(onBranch.find(eq("_id", 2)).first().getInteger("v")).isZero();
      assertThat(lake.branches().list("app"))
          .extracting(BranchInfo::name)
          .containsExactly("feature");
    }
    try (MongoLake lake = MongoLake.open(data)) {
      assertThat(lake.branches().find("app@feature")).isPresent();
      assertThat(lake.db("app@feature").collection("users").countDocuments()).isEqualTo(42);
      assertThat(lake.db("app").collection("users").countDocuments()).isEqualTo(51);
    }
  }

  @Test
  void aDiffCountsEachSidesChangesAndAMergeAppliesTheBranchsWithConflictsByPolicy() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertMany(numbered(0, 20));
      lake.flush();
      lake.branches().create("app", "feature");
      MongoLakeCollection<Document> onBranch = lake.db("app@feature").collection("users");

      onBranch.insertOne(new Document("_id", 100).append("v", 0));
      onBranch.updateOne(eq("_id", 1), set("v", "branch"));
      onBranch.updateOne(eq("_id", 2), set("v", "same"));
      onBranch.deleteOne(eq("_id", 3));
      users.updateOne(eq("_id", 1), set("v", "parent"));
      users.updateOne(eq("_id", 2), set("v", "same"));
      users.deleteOne(eq("_id", 4));

      BranchDifference diff = lake.branches().diff("app", "feature").getFirst();
      assertThat(diff.collection()).isEqualTo("users");
      assertThat(diff.onBranch())
          .extracting(c -> List.of(c.added(), c.changed(), c.removed()))
          .isEqualTo(List.of(1L, 2L, 1L));
      assertThat(diff.onParent())
          .extracting(c -> List.of(c.added(), c.changed(), c.removed()))
          .isEqualTo(List.of(0L, 2L, 1L));
      assertThat(diff.conflicts()).containsExactly(new BsonInt32(1));

      assertThatThrownBy(() -> lake.branches().merge("app", "feature", MergePolicy.FAIL))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("1 documents of users changed on both sides")
          .hasMessageContaining("{\"_id\": 1}");
      assertThat(users.find(eq("_id", 100)).first()).isNull();

      MergeResult merged = lake.branches().merge("app", "feature", MergePolicy.OURS);
      assertThat(merged.collections()).containsExactly(new MergeResult.Merged("users", 1, 0, 1, 1));
      assertThat(users.find(eq("_id", 1)).first().getString("v")).isEqualTo("parent");
      assertThat(users.find(eq("_id", 100)).first()).isNotNull();
      assertThat(users.find(eq("_id", 3)).first()).isNull();
      assertThat(users.find(eq("_id", 4)).first()).isNull();
      assertThat(onBranch.find(eq("_id", 4)).first()).isNotNull();

      // After the merge the base moved: nothing is left to merge, later changes are.
      assertThat(lake.branches().diff("app", "feature").getFirst().onBranch().none()).isTrue();
      onBranch.updateOne(eq("_id", 1), set("v", "again"));
      assertThat(lake.branches().merge("app", "feature", MergePolicy.THEIRS).documentsChanged())
          .isEqualTo(1);
      assertThat(users.find(eq("_id", 1)).first().getString("v")).isEqualTo("again");
    }
  }

  @Test
  void withDeletionVectorsADiffReadsOnlyTheRowsTheVectorsChangedAndMergesRight() {
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(data)
            .withTableConfigs(CollectionTableConfigs.plain().withDeletionVectors(true));
    try (MongoLake lake = MongoLake.open(options)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertMany(numbered(0, 200));
      lake.flush();
      lake.branches().create("app", "dv");
      MongoLakeCollection<Document> onBranch = lake.db("app@dv").collection("users");
      onBranch.updateOne(eq("_id", 10), set("v", "branch"));
      onBranch.deleteOne(eq("_id", 11));
      users.updateOne(eq("_id", 10), set("v", "parent"));
      users.updateOne(eq("_id", 12), set("v", "parent"));
      lake.flush();
      // Both sides marked rows of the shared file instead of rewriting it.
      assertThat(onBranch.table().orElseThrow().snapshot().files())
          .anyMatch(file -> file.deletionVector() != null);

      BranchDifference diff = lake.branches().diff("app", "dv").getFirst();
      assertThat(List.of(diff.onBranch().changed(), diff.onBranch().removed()))
          .containsExactly(1L, 1L);
      assertThat(diff.onParent().changed()).isEqualTo(2);
      assertThat(diff.conflicts()).containsExactly(new BsonInt32(10));

      lake.branches().merge("app", "dv", MergePolicy.THEIRS);
      assertThat(users.find(eq("_id", 10)).first().getString("v")).isEqualTo("branch");
      assertThat(users.find(eq("_id", 11)).first()).isNull();
      assertThat(users.find(eq("_id", 12)).first().getString("v")).isEqualTo("parent");
      assertThat(users.countDocuments()).isEqualTo(199);
    }
  }

  @Test
  void theParentsVacuumKeepsTheFilesABranchReadsAndItsCollectionsCannotBeDropped()
      throws IOException {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertMany(numbered(0, 30));
      lake.flush();
      lake.branches().create("app", "feature");
      users.deleteMany(new Document());
      users.insertMany(numbered(1000, 1010));
      lake.flush();

      users.vacuum(Duration.ZERO, false, true);
      assertThat(lake.db("app@feature").collection("users").countDocuments()).isEqualTo(30);
      assertThat(all(lake.db("app@feature").collection("users"))).isEqualTo(numbered(0, 30));

      lake.db("app").collection("later").insertOne(new Document("_id", 1));
      assertThatThrownBy(() -> users.drop())
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("branch app@feature uses its files");
      // A database drop is refused before it drops anything.
      assertThatThrownBy(() -> lake.db("app").drop())
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("Cannot drop database app: its collection app.users");
      assertThat(lake.db("app").collection("later").countDocuments()).isEqualTo(1);
      assertThatThrownBy(() -> lake.db("app@feature").collection("users").drop())
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("compares it with its parent");

      lake.branches().delete("app", "feature");
      assertThat(lake.branches().list()).isEmpty();
      assertThat(Files.exists(data.resolve("app@feature/users"))).isFalse();
      assertThat(users.countDocuments()).isEqualTo(10);
      users.drop();
    }
  }

  @Test
  void aBranchOfAPastPointHoldsThatPointsDocuments() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertMany(numbered(0, 10));
      lake.flush();
      users.updateMany(new Document(), set("v", 1));
      BsonTimestamp point = lake.lastWriteTime();
      List<Document> then = all(users);
      users.deleteMany(gte("_id", 5));
      lake.flush();

      lake.branches().create("app", "before", ReadAt.clusterTime(point));
      assertThat(all(lake.db("app@before").collection("users"))).isEqualTo(then);
    }
  }

  @Test
  void openingUndoesACreationAndFinishesADeletionACrashCutShortButLeavesOtherDatabases()
      throws IOException {
    // A database named like a branch from before branches: opening must leave it alone.
    try (var storage = new dev.mongolake.delta.storage.FileSystemStorage(data)) {
      dev.mongolake.delta.table.DocumentTable.create(
              storage,
              "legacy@db/c",
              dev.mongolake.delta.table.DocumentTableConfig.defaults(),
              java.time.Clock.systemUTC())
          .write(List.of(org.bson.BsonDocument.parse("{_id: 1}")));
    }
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("users").insertMany(numbered(0, 10));
      lake.flush();
      lake.branches().create("app", "cut");
      lake.branches().create("app", "gone");
      lake.db("app@cut").collection("users").insertOne(new Document("_id", 99));
    }
    Path markers = data.resolve("_mongolake/branches");
    Files.writeString(
        markers.resolve("app@cut"),
        Files.readString(markers.resolve("app@cut")).replace("\"ready\"", "\"creating\""));
    Files.writeString(
        markers.resolve("app@gone"),
        Files.readString(markers.resolve("app@gone")).replace("\"ready\"", "\"deleting\""));

    try (MongoLake lake = MongoLake.open(data)) {
      assertThat(lake.branches().list()).isEmpty();
      assertThat(lake.listDatabaseNames()).contains("app", "legacy@db");
      assertThat(lake.listDatabaseNames()).doesNotContain("app@cut", "app@gone");
      assertThat(lake.db("legacy@db").collection("c").countDocuments()).isEqualTo(1);
      assertThat(lake.db("app").collection("users").countDocuments()).isEqualTo(10);
      assertThat(Files.exists(markers.resolve("app@cut"))).isFalse();
    }
  }

  @Test
  void namesThatAreNoBranchAreRefused() {
    try (MongoLake lake = MongoLake.open(data)) {
      lake.db("app").collection("users").insertOne(new Document("_id", 1));
      assertThatThrownBy(
              () -> lake.db("app@nothing").collection("users").insertOne(new Document("_id", 1)))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageContaining("app@nothing is not one");
      assertThatThrownBy(() -> lake.branches().create("app", "a@b"))
          .hasMessageContaining("Invalid branch name");
      assertThatThrownBy(() -> lake.branches().create("none", "x"))
          .hasMessageContaining("has no collections");
      lake.db("logs")
          .createCollection("events", org.bson.BsonDocument.parse("{capped: true, size: 4096}"));
      assertThatThrownBy(() -> lake.branches().create("logs", "x"))
          .hasMessageContaining("capped collection logs.events");
      lake.branches().create("app", "x");
      assertThatThrownBy(() -> lake.branches().create("app", "x")).hasMessageContaining("exists");
      assertThatThrownBy(() -> lake.branches().create("app@x", "y"))
          .hasMessageContaining("is a branch itself");
      assertThatThrownBy(() -> lake.branches().merge("app", "missing", MergePolicy.FAIL))
          .hasMessageContaining("Cannot find branch app@missing");
    }
  }
}
