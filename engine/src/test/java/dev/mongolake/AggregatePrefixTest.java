package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.aggregate.Pipeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An aggregation's leading {@code $match}, {@code $sort}, {@code $skip} and {@code $limit} run as
 * the equivalent find, a counting pipeline is answered by a count, and a whole-collection count
 * comes from the table's statistics: each gives what the pipeline over every document gives.
 */
class AggregatePrefixTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> items;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    items = lake.db("app").collection("items", BsonDocument.class);
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      documents.add(new BsonDocument("_id", new org.bson.BsonInt32(i)).append("k", k(i)));
    }
    items.insertMany(documents.subList(0, 40));
    items.createIndex(new Document("k", 1));
    lake.flush();
    // Buffered on top of the table: new documents, an update, a delete, a delete and re-insert.
    items.insertMany(documents.subList(40, 60));
    items.updateOne(new Document("_id", 3), new Document("$set", new Document("k", 99)));
    items.deleteOne(new Document("_id", 4));
    items.deleteOne(new Document("_id", 5));
    items.insertOne(BsonDocument.parse("{_id: 5, k: 7}"));
    items.deleteOne(new Document("_id", 45));
  }

  private static org.bson.BsonInt32 k(int i) {
    return new org.bson.BsonInt32(i % 10);
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static List<BsonDocument> stages(String... stages) {
    return Stream.of(stages).map(BsonDocument::parse).toList();
  }

  private List<BsonDocument> aggregate(List<BsonDocument> pipeline) {
    List<BsonDocument> out = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor = items.aggregate(pipeline)) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  /** The pipeline run over every document, as aggregate ran before it had a find prefix. */
  private List<BsonDocument> overEveryDocument(List<BsonDocument> pipeline) {
    List<BsonDocument> all = items.find().into(new ArrayList<>());
    Iterator<BsonDocument> results = Pipeline.parse(pipeline).run(all.iterator());
    List<BsonDocument> out = new ArrayList<>();
    results.forEachRemaining(out::add);
    return out;
  }

  @Test
  void thePrefixFoldsMatchesSortSkipsThenLimits() {
    Pipeline.FindPrefix prefix =
        Pipeline.findPrefix(
            stages(
                "{$match: {k: 1}}",
                "{$match: {}}",
                "{$match: {_id: {$gt: 3}}}",
                "{$sort: {_id: -1}}",
                "{$skip: 2}",
                "{$skip: 1}",
                "{$limit: 9}",
                "{$limit: 4}",
                "{$project: {k: 1}}"));
    assertThat(prefix.filter()).isEqualTo(BsonDocument.parse("{$and: [{k: 1}, {_id: {$gt: 3}}]}"));
    assertThat(prefix.sort()).isEqualTo(BsonDocument.parse("{_id: -1}"));
    assertThat(prefix.skip()).isEqualTo(3);
    assertThat(prefix.limit()).isEqualTo(4);
    // Of the optimized pipeline, where the three matches are one.
    assertThat(prefix.stages()).isEqualTo(6);
  }

  @Test
  void aSkipAfterALimitEndsThePrefixBecauseFindSkipsFirst() {
    Pipeline.FindPrefix prefix =
        Pipeline.findPrefix(stages("{$match: {k: 1}}", "{$limit: 5}", "{$skip: 2}"));
    assertThat(prefix.limit()).isEqualTo(5);
    assertThat(prefix.skip()).isZero();
    assertThat(prefix.stages()).isEqualTo(2);
    assertThatThrownBy(() -> Pipeline.findPrefix(stages("{$sort: {$natural: 1}}", "{$limit: 5}")))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("may not start with '$'");
    assertThat(Pipeline.findPrefix(stages("{$project: {k: 1}}", "{$match: {k: 1}}")).stages())
        .isZero();
  }

  @Test
  void foldedPipelinesReturnWhatThePipelineOverEveryDocumentReturns() {
    List<List<BsonDocument>> ordered =
        List.of(
            stages("{$match: {k: 7}}", "{$sort: {_id: 1}}"),
            stages("{$match: {k: {$gte: 2}}}", "{$sort: {k: -1, _id: 1}}", "{$skip: 3}"),
            stages("{$sort: {_id: -1}}", "{$skip: 5}", "{$limit: 7}"),
            stages("{$sort: {_id: 1}}", "{$limit: 9}", "{$skip: 4}"),
            stages("{$sort: {_id: 1}}", "{$limit: 9}", "{$skip: 4}", "{$limit: 2}"),
            stages("{$match: {k: 3}}", "{$match: {_id: {$lt: 40}}}", "{$sort: {_id: 1}}"),
            stages(
                "{$match: {k: {$in: [1, 2, 99]}}}",
                "{$sort: {_id: 1}}",
                "{$skip: 2}",
                "{$limit: 3}",
                "{$project: {k: 0}}"),
            stages("{$match: {_id: 5}}"),
            stages("{$match: {_id: 4}}"),
            stages("{$match: {k: 2}}", "{$group: {_id: '$k', n: {$sum: 1}}}"),
            stages("{$match: {k: 9}}", "{$count: 'n'}"));
    for (List<BsonDocument> pipeline : ordered) {
      assertThat(aggregate(pipeline))
          .as(pipeline.toString())
          .isEqualTo(overEveryDocument(pipeline));
    }
    List<List<BsonDocument>> unordered =
        List.of(stages("{$match: {k: 1}}"), stages(), stages("{$match: {k: {$gt: 8}}}"));
    for (List<BsonDocument> pipeline : unordered) {
      assertThat(aggregate(pipeline))
          .as(pipeline.toString())
          .containsExactlyInAnyOrderElementsOf(overEveryDocument(pipeline));
    }
  }

  @Test
  void theDriversCountPipelineIsAnsweredByACount() {
    for (String id : List.of("1", "null")) {
      for (List<String> window :
          List.of(List.<String>of(), List.of("{$skip: 2}"), List.of("{$skip: 1}", "{$limit: 3}"))) {
        for (String match : List.of("{}", "{k: 7}", "{k: {$gte: 3}}", "{k: 1000}")) {
          List<String> pipeline = new ArrayList<>();
          pipeline.add("{$match: " + match + "}");
          pipeline.addAll(window);
          pipeline.add("{$group: {_id: " + id + ", n: {$sum: 1}}}");
          List<BsonDocument> parsed = stages(pipeline.toArray(String[]::new));
          assertThat(Pipeline.countGroup(parsed.subList(parsed.size() - 1, parsed.size())))
              .isPresent();
          assertThat(aggregate(parsed))
              .as(pipeline.toString())
              .isEqualTo(overEveryDocument(parsed));
        }
      }
    }
    assertThat(Pipeline.countGroup(stages("{$group: {_id: 1, n: {$sum: 2}}}"))).isEmpty();
    assertThat(Pipeline.countGroup(stages("{$group: {_id: '$k', n: {$sum: 1}}}"))).isEmpty();
  }

  @Test
  void aMatchFindRejectsFailsAsBefore() {
    assertThatThrownBy(() -> items.aggregate(stages("{$match: {k: {$bogus: 1}}}")))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("$bogus");
    assertThatThrownBy(() -> items.aggregate(stages("{$match: {k: 1}}", "{$limit: 0}")))
        .isInstanceOf(MongoLakeException.class);
  }

  @Test
  void countsFromStatisticsAreExactOverTheBuffer() {
    long documents = items.find().into(new ArrayList<>()).size();
    assertThat(documents).isEqualTo(58);
    assertThat(items.countDocuments()).isEqualTo(documents);
    assertThat(items.estimatedDocumentCount()).isEqualTo(documents);
    assertThat(items.count(new BsonDocument(), 50, 0)).isEqualTo(8);
    assertThat(items.count(new BsonDocument(), 50, 3)).isEqualTo(3);
    assertThat(items.count(new BsonDocument(), 70, 3)).isZero();
    lake.flush();
    assertThat(items.countDocuments()).isEqualTo(documents);
  }

  @Test
  void aFlushedCollectionIsCountedWithoutOpeningItsDataFiles() throws IOException {
    lake.flush();
    items.insertOne(BsonDocument.parse("{_id: 100, k: 1}"));
    items.deleteOne(new Document("_id", 10));
    // The data files are moved away while counting: a count that opened one would fail.
    List<Path> moved;
    try (Stream<Path> files = Files.walk(root)) {
      moved = files.filter(p -> p.toString().endsWith(".parquet")).toList();
    }
    assertThat(moved).isNotEmpty();
    for (Path file : moved) {
      Files.move(file, file.resolveSibling(file.getFileName() + ".away"));
    }
    try {
      assertThat(items.countDocuments()).isEqualTo(58);
      assertThat(items.estimatedDocumentCount()).isEqualTo(58);
      assertThat(aggregate(stages("{$match: {}}", "{$group: {_id: 1, n: {$sum: 1}}}")))
          .containsExactly(BsonDocument.parse("{_id: 1, n: 58}"));
    } finally {
      for (Path file : moved) {
        Files.move(file.resolveSibling(file.getFileName() + ".away"), file);
      }
    }
  }
}
