package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateOptions;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Collections whose tables have deletion vectors on: a flush marks the rows of replaced and deleted
 * table documents instead of rewriting their files, and every read (find, count, {@code _id}
 * lookups, column batches, past table versions, after a restart) stays exact.
 */
class DeletionVectorCollectionsTest {

  @TempDir Path data;

  private MongoLake open() {
    return MongoLake.open(
        MongoLakeOptions.defaults()
            .withPath(data)
            .withTableConfigs(
                CollectionTableConfigs.plain()
                    .withDefaults(
                        DocumentTableConfig.defaults()
                            .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long'}"))))
                    .withDeletionVectors(true)));
  }

  private static List<Document> numbered(int from, int to) {
    return IntStream.range(from, to)
        .mapToObj(i -> new Document("_id", i).append("n", (long) i))
        .toList();
  }

  private static TreeMap<Integer, Document> all(MongoLakeCollection<Document> collection) {
    TreeMap<Integer, Document> out = new TreeMap<>();
    collection.find().forEach(d -> out.put(d.getInteger("_id"), d));
    return out;
  }

  /** What {@link #changeFlushedDocuments} leaves. */
  private static TreeMap<Integer, Document> expectedAfterChanges() {
    TreeMap<Integer, Document> out = new TreeMap<>();
    numbered(0, 1000).forEach(d -> out.put(d.getInteger("_id"), d));
    for (int i = 0; i < 1000; i += 10) {
      out.put(i, new Document("_id", i).append("n", (long) -i - 1));
    }
    out.remove(5);
    out.remove(15);
    for (int i = 900; i < 950; i++) {
      out.remove(i);
    }
    out.put(7, new Document("_id", 7).append("replaced", true));
    out.put(8, new Document("_id", 8).append("n", 8L).append("up", 1));
    out.put(2000, new Document("_id", 2000).append("up", 2));
    return out;
  }

  private static void changeFlushedDocuments(MongoLake lake, MongoLakeCollection<Document> c) {
    for (int i = 0; i < 1000; i += 10) {
      c.updateOne(eq("_id", i), set("n", (long) -i - 1));
    }
    c.deleteMany(in("_id", 5, 15));
    c.deleteMany(new Document("_id", new Document("$gte", 900).append("$lt", 950)));
    c.replaceOne(eq("_id", 7), new Document("_id", 7).append("replaced", true));
    c.updateOne(eq("_id", 8), set("up", 1), new UpdateOptions().upsert(true));
    c.replaceOne(eq("_id", 2000), new Document("up", 2), new ReplaceOptions().upsert(true));
    lake.flush();
  }

  @Test
  void aFlushMarksRowsInsteadOfRewritingAndEveryReadStaysExact() {
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> c = lake.db("app").collection("items");
      c.insertMany(numbered(0, 1000));
      lake.flush();
      DocumentSnapshot flushed = c.table().orElseThrow().snapshot();
      List<String> firstFiles = flushed.files().stream().map(AddFile::path).toList();
      long firstVersion = flushed.version();

      changeFlushedDocuments(lake, c);

      DocumentSnapshot after = c.table().orElseThrow().snapshot();
      assertThat(after.files().stream().map(AddFile::path))
          .as("the flushed files stay, with vectors")
          .containsAll(firstFiles);
      assertThat(after.files())
          .filteredOn(f -> firstFiles.contains(f.path()))
          .allMatch(f -> f.deletionVector() != null);
      long marked =
          after.files().stream()
              .filter(f -> f.deletionVector() != null)
              .mapToLong(f -> f.deletionVector().cardinality())
              .sum();
      assertThat(marked).isEqualTo(100 + 2 + 45 + 1 + 1);

      TreeMap<Integer, Document> expected = expectedAfterChanges();
      assertThat(all(c)).isEqualTo(expected);
      assertThat(c.countDocuments()).isEqualTo(expected.size());
      assertThat(c.countDocuments(lt("n", 0L))).isEqualTo(95);
      assertThat(c.find(eq("_id", 5)).first()).isNull();
      assertThat(c.find(eq("_id", 10)).first()).isEqualTo(expected.get(10));
      assertThat(c.find(eq("_id", 7)).first()).isEqualTo(expected.get(7));
      long sum = expected.values().stream().mapToLong(d -> d.get("n", 0L)).sum();
      assertThat(groupSum(c, false)).isEqualTo(sum).isEqualTo(groupSum(c, true));

      MongoLakeCollection<Document> then = c.atTableVersion(firstVersion);
      assertThat(then.countDocuments()).isEqualTo(1000);
      assertThat(all(then).values()).containsExactlyElementsOf(numbered(0, 1000));
    }
  }

  @Test
  void theMarkedRowsStayDeletedAfterARestartAndFurtherChanges() {
    TreeMap<Integer, Document> expected = expectedAfterChanges();
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> c = lake.db("app").collection("items");
      c.insertMany(numbered(0, 1000));
      lake.flush();
      changeFlushedDocuments(lake, c);
    }
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> c = lake.db("app").collection("items");
      assertThat(c.table().orElseThrow().config().deletionVectors()).isTrue();
      assertThat(all(c)).isEqualTo(expected);
      c.deleteOne(eq("_id", 1));
      c.updateOne(eq("_id", 10), set("n", 1L));
      lake.flush();
      expected.remove(1);
      expected.put(10, new Document("_id", 10).append("n", 1L));
      assertThat(all(c)).isEqualTo(expected);
      assertThat(c.countDocuments()).isEqualTo(expected.size());
    }
    try (MongoLake lake = open()) {
      assertThat(all(lake.db("app").collection("items"))).isEqualTo(expected);
    }
  }

  @Test
  void theLakesDefaultTablesMarkRows() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> c = lake.db("app").collection("items");
      c.insertMany(numbered(0, 100));
      lake.flush();
      c.deleteOne(eq("_id", 3));
      lake.flush();
      assertThat(c.table().orElseThrow().config().deletionVectors()).isTrue();
      assertThat(c.table().orElseThrow().snapshot().files())
          .singleElement()
          .satisfies(f -> assertThat(f.deletionVector().cardinality()).isEqualTo(1));
      assertThat(c.countDocuments()).isEqualTo(99);
    }
  }

  @Test
  void withTheSwitchOffAFlushStillRewritesTheFiles() {
    try (MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults()
                .withPath(data)
                .withTableConfigs(
                    CollectionTableConfigs.lakeDefaults().withDeletionVectors(false)))) {
      MongoLakeCollection<Document> c = lake.db("app").collection("items");
      c.insertMany(numbered(0, 100));
      lake.flush();
      c.deleteOne(eq("_id", 3));
      lake.flush();
      assertThat(c.table().orElseThrow().config().deletionVectors()).isFalse();
      assertThat(c.table().orElseThrow().snapshot().files())
          .allMatch(f -> f.deletionVector() == null);
      assertThat(c.countDocuments()).isEqualTo(99);
    }
  }

  private static long groupSum(MongoLakeCollection<Document> c, boolean wholeDocuments) {
    List<Document> stages = new ArrayList<>();
    if (wholeDocuments) {
      stages.add(Document.parse("{$addFields: {__x: '$$ROOT'}}"));
    }
    stages.add(Document.parse("{$group: {_id: null, total: {$sum: '$n'}}}"));
    try (MongoLakeCursor<Document> cursor = c.aggregate(stages)) {
      return ((Number) cursor.next().get("total")).longValue();
    }
  }

  @Test
  void theFlushesCompactionPurgesAFileWhoseDeletedSharePassesThePurgeShare() {
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> c = lake.db("app").collection("items");
      c.insertMany(numbered(0, 100));
      lake.flush();
      c.deleteMany(lt("_id", 20));
      lake.flush();
      assertThat(c.table().orElseThrow().snapshot().files())
          .singleElement()
          .matches(f -> f.deletionVector() != null && f.deletionVector().cardinality() == 20);
      long markedVersion = c.table().orElseThrow().snapshot().version();
      c.deleteMany(lt("_id", 40));
      lake.flush();
      DocumentSnapshot purged = c.table().orElseThrow().snapshot();
      assertThat(purged.files()).singleElement().matches(f -> f.deletionVector() == null);
      assertThat(all(c).keySet())
          .containsExactlyElementsOf(IntStream.range(40, 100).boxed().toList());
      assertThat(c.atTableVersion(markedVersion).countDocuments()).isEqualTo(80);
    }
  }

  @Test
  void aPastPointBeforeTheMarkingFlushReadsTheOldVersions() {
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> c = lake.db("app").collection("items");
      c.insertMany(numbered(0, 1000));
      lake.flush();
      org.bson.BsonTimestamp point = lake.lastWriteTime();
      changeFlushedDocuments(lake, c);
      c.deleteOne(eq("_id", 2));
      lake.flush();

      MongoLakeCollection<Document> past =
          lake.db("app", ReadAt.clusterTime(point)).collection("items");
      assertThat(all(past).values()).containsExactlyElementsOf(numbered(0, 1000));
      assertThat(past.countDocuments()).isEqualTo(1000);
      assertThat(past.find(eq("_id", 5)).first()).isEqualTo(new Document("_id", 5).append("n", 5L));
      TreeMap<Integer, Document> now = expectedAfterChanges();
      now.remove(2);
      assertThat(all(c)).isEqualTo(now);
    }
  }
}
