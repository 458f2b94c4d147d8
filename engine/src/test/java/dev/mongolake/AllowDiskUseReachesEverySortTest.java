package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command's {@code allowDiskUse: false} holds for every blocking sort it runs, wherever the
 * planner puts it: a leading {@code $sort} run as the find prefix's sort, a database-level
 * aggregation, a view's pipeline read by a find, and the reads of {@code $lookup}'s foreign
 * collection. Each fails with QueryExceededMemoryLimitNoDiskUseAllowed past the memory limit, as
 * MongoDB does, and spills with {@code allowDiskUse}.
 */
class AllowDiskUseReachesEverySortTest {

  private static final String SORT_EXCEEDED =
      "Sort exceeded memory limit of 20000 bytes, but did not opt in to external sorting.";

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeDatabase app;
  private MongoLakeCollection<BsonDocument> items;

  @BeforeEach
  void open() {
    lake =
        MongoLake.open(
            MongoLakeOptions.defaults().withPath(root).withAggregationMemoryLimitBytes(20_000));
    app = lake.db("app");
    items = app.collection("items", BsonDocument.class);
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      documents.add(BsonDocument.parse("{_id: " + i + ", note: 'note " + i + "'}"));
    }
    items.insertMany(documents);
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static List<BsonDocument> drain(Supplier<MongoLakeCursor<BsonDocument>> run) {
    List<BsonDocument> out = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor = run.get()) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  private static void assertSortExceeded(Supplier<MongoLakeCursor<BsonDocument>> run) {
    assertThatThrownBy(() -> drain(run))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode())
                  .isEqualTo(ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED);
              assertThat(e.getMessage()).isEqualTo(SORT_EXCEEDED);
            });
  }

  @Test
  void aLeadingSortRunByTheFindPrefixKeepsToAllowDiskUse() {
    List<Document> pipeline = List.of(Document.parse("{$sort: {note: -1}}"));
    assertThat(drain(() -> items.aggregate(pipeline, null, true))).hasSize(1_000);
    assertSortExceeded(() -> items.aggregate(pipeline, null, false));
  }

  @Test
  void aDatabaseLevelAggregationKeepsToAllowDiskUse() {
    List<Document> pipeline =
        List.of(
            Document.parse("{$documents: [{}]}"),
            Document.parse("{$project: {n: {$range: [0, 1000]}}}"),
            Document.parse("{$unwind: '$n'}"),
            Document.parse("{$addFields: {note: {$concat: ['note ', {$toString: '$n'}]}}}"),
            Document.parse("{$sort: {note: -1}}"));
    assertThat(drain(() -> app.aggregate(pipeline, null, true))).hasSize(1_000);
    assertSortExceeded(() -> app.aggregate(pipeline, null, false));
  }

  @Test
  void aFindOverAViewThatSortsKeepsToAllowDiskUse() {
    app.createView("byNote", "items", List.of(Document.parse("{$sort: {note: -1}}")));
    MongoLakeCollection<BsonDocument> view = app.collection("byNote", BsonDocument.class);
    assertThat(drain(() -> view.find().allowDiskUse(true).iterator())).hasSize(1_000);
    assertSortExceeded(() -> view.find().allowDiskUse(false).iterator());
  }

  @Test
  void aLookupPipelineThatSortsItsForeignCollectionKeepsToAllowDiskUse() {
    List<Document> pipeline =
        List.of(
            Document.parse("{$limit: 1}"),
            Document.parse(
                "{$lookup: {from: 'items', pipeline: [{$sort: {note: -1}}], as: 'sorted'}}"));
    assertThat(drain(() -> items.aggregate(pipeline, null, true)))
        .singleElement()
        .satisfies(joined -> assertThat(joined.getArray("sorted")).hasSize(1_000));
    assertSortExceeded(() -> items.aggregate(pipeline, null, false));
  }

  @Test
  void aLookupFromAViewThatSortsKeepsToAllowDiskUse() {
    app.createView("byNote", "items", List.of(Document.parse("{$sort: {note: -1}}")));
    // Enough input documents for the join to read the whole foreign view once, by hash.
    List<Document> joinOnId =
        List.of(
            Document.parse(
                "{$lookup: {from: 'byNote', localField: '_id', foreignField: '_id', as: 'same'}}"));
    assertThat(drain(() -> items.aggregate(joinOnId, null, true)))
        .hasSize(1_000)
        .allSatisfy(joined -> assertThat(joined.getArray("same")).hasSize(1));
    assertSortExceeded(() -> items.aggregate(joinOnId, null, false));
    List<Document> wholeView =
        List.of(
            Document.parse("{$limit: 1}"),
            Document.parse("{$lookup: {from: 'byNote', pipeline: [], as: 'all'}}"));
    assertThat(drain(() -> items.aggregate(wholeView, null, true)))
        .singleElement()
        .satisfies(joined -> assertThat(joined.getArray("all")).hasSize(1_000));
    assertSortExceeded(() -> items.aggregate(wholeView, null, false));
  }
}
