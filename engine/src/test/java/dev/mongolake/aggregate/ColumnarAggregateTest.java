package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.CollectionTableConfigs;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Aggregations that read only promoted columns where they are exact give exactly the row path's
 * result (the same pipeline after {@code $addFields: {__x: "$$ROOT"}}, which needs whole
 * documents), over exact files, inexact files and buffered inserts, updates and deletes.
 */
class ColumnarAggregateTest {
  private static final DocumentSchema SCHEMA =
      DocumentSchema.parse(
          BsonDocument.parse(
              """
              {status: "string", department: "string", salary: "int", bonus: "long",
               score: "double", hired: "timestamp", address: {city: "string"}, tags: ["string"]}
              """));
  private static final JsonWriterSettings EXTENDED =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> employees;

  private void open() {
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(root)
            .withTableConfigs(
                CollectionTableConfigs.plain()
                    .with("hr.employees", DocumentTableConfig.defaults().withSchema(SCHEMA)));
    lake = MongoLake.open(options);
    employees = lake.db("hr").collection("employees", BsonDocument.class);
  }

  @AfterEach
  void close() {
    if (lake != null) {
      lake.close();
    }
  }

  private static BsonDocument employee(int id) {
    return BsonDocument.parse(
        "{_id: "
            + id
            + ", status: '"
            + (id % 3 == 0 ? "A" : "B")
            + "', department: 'd"
            + (id % 4)
            + "', salary: "
            + (1000 + id * 7)
            + ", bonus: {$numberLong: '"
            + (id * 11)
            + "'}, score: "
            + (id % 5 == 0 ? "-0.0" : id + ".25")
            + ", hired: {$date: {$numberLong: '"
            + (1_700_000_000_000L + id * 86_400_000L)
            + "'}}, address: {city: 'c"
            + (id % 6)
            + "', zip: "
            + id
            + "}, tags: ['t'], other: {big: 'unused field "
            + id
            + "'}}");
  }

  /** An exact file, an inexact file, then buffered changes of both kinds over them. */
  private void mixedCollection() {
    open();
    List<BsonDocument> exact = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      exact.add(employee(i));
    }
    exact.add(BsonDocument.parse("{_id: 500, status: 'A'}"));
    exact.add(BsonDocument.parse("{_id: 501, status: 'B', address: 'flat', score: NaN}"));
    employees.insertMany(exact);
    lake.flush();
    List<BsonDocument> inexact = new ArrayList<>();
    for (int i = 120; i < 200; i++) {
      inexact.add(employee(i));
    }
    inexact.add(BsonDocument.parse("{_id: 600, status: 'A', salary: {$numberLong: '5000'}}"));
    inexact.add(BsonDocument.parse("{_id: 601, status: null, salary: 2.5, department: 'd1'}"));
    inexact.add(
        BsonDocument.parse(
            "{_id: 602, status: 'A', department: 'd2', address: [{city: 'c1'}, {city: 'x'}]}"));
    inexact.add(BsonDocument.parse("{_id: 603, status: 'A', bonus: 4, score: 3, hired: 'now'}"));
    employees.insertMany(inexact);
    lake.flush();
    employees.updateOne(
        new Document("_id", 3),
        new Document("$set", new Document("salary", new org.bson.types.Decimal128(7))));
    employees.updateOne(
        new Document("_id", 130), new Document("$set", new Document("status", "A")));
    employees.deleteOne(new Document("_id", 6));
    employees.deleteOne(new Document("_id", 150));
    employees.insertOne(BsonDocument.parse("{_id: 6, status: 'A', department: 'd9', salary: 1}"));
    employees.insertOne(BsonDocument.parse("{_id: 700, status: 'A', address: {city: ['c1']}}"));
  }

  private static final String[] PIPELINES = {
    "[{$match: {status: 'A'}}, {$group: {_id: '$department', total: {$sum: '$salary'},"
        + " avg: {$avg: '$score'}, n: {$sum: 1}, first: {$first: '$address.city'},"
        + " cities: {$push: '$address.city'}, last: {$last: '$hired'}}}, {$sort: {_id: 1}}]",
    "[{$group: {_id: {d: '$department', s: '$status'}, max: {$max: '$hired'},"
        + " bonus: {$sum: '$bonus'}, scores: {$push: '$score'}}}, {$sort: {_id: 1}}]",
    "[{$sort: {salary: -1, _id: 1}}, {$limit: 7}, {$project: {salary: 1}}]",
    "[{$match: {salary: {$gt: 1500}}}, {$count: 'n'}]",
    "[{$sortByCount: '$address.city'}]",
    "[{$match: {'address.city': 'c1'}}, {$replaceWith: {c: '$address.city', s: '$salary'}}]",
    "[{$bucket: {groupBy: '$salary', boundaries: [0, 1200, 1800], default: 'other',"
        + " output: {n: {$sum: 1}, b: {$sum: '$bonus'}}}}]",
    "[{$match: {status: {$in: ['A', null]}}}, {$sort: {score: 1, _id: 1}},"
        + " {$group: {_id: null, scores: {$push: '$score'}, ids: {$push: '$_id'}}}]",
    "[{$match: {$or: [{salary: {$lt: 1100}}, {'address.city': {$exists: false}}],"
        + " status: {$ne: 'B'}}}, {$group: {_id: '$address.city', min: {$min: '$salary'},"
        + " max: {$max: '$score'}, ids: {$addToSet: '$_id'}, sd: {$stdDevPop: '$salary'},"
        + " n: {$count: {}}}}]",
    "[{$match: {$nor: [{department: 'd1'}, {score: {$type: 'double', $gt: 100}}]}},"
        + " {$group: {_id: '$_id', hired: {$first: '$hired'}, s: {$last: '$status'}}}]",
    "[{$match: {_id: {$gte: 100}, bonus: {$exists: true}}}, {$group: {_id: '$status',"
        + " top: {$top: {sortBy: {salary: -1}, output: '$_id'}}, n: {$sum: 1}}}]"
  };

  /** Sorts with a limit, which the find beneath them selects from columns. */
  private static final String[] TOP_K = {
    "[{$sort: {score: 1}}, {$limit: 5}, {$project: {__x: 0}}]",
    "[{$match: {status: 'A'}}, {$sort: {'address.city': -1, hired: 1}}, {$skip: 3},"
        + " {$limit: 4}, {$project: {__x: 0}}]",
    "[{$sort: {bonus: -1}}, {$limit: 3}, {$project: {__x: 0}}]",
    "[{$match: {$or: [{salary: {$lt: 1300}}, {department: 'd2'}]}}, {$sort: {_id: -1}},"
        + " {$limit: 12}, {$project: {__x: 0}}]",
    "[{$sort: {department: 1, score: -1}}, {$limit: 250}, {$project: {__x: 0}}]"
  };

  @Test
  void sortsWithALimitSelectTheRowPathsDocumentsFromColumns() {
    mixedCollection();
    for (String pipeline : TOP_K) {
      assertSameAsRowPathReadingOneFileFromColumns(pipeline);
    }
  }

  /**
   * {@code pipeline} gives the row path's result, and one file (the exact one) by columns alone.
   */
  private void assertSameAsRowPathReadingOneFileFromColumns(String pipeline) {
    long before = lake.filesReadFromColumns();
    List<String> columnar = run(pipeline, false);
    long fromColumns = lake.filesReadFromColumns() - before;
    List<String> rows = run(pipeline, true);

    assertThat(columnar).as(pipeline).isEqualTo(rows).isNotEmpty();
    assertThat(fromColumns).as(pipeline).isEqualTo(1);
  }

  @Test
  void aFindWithSortAndLimitReturnsTheSameDocumentsAsTheRowPath() {
    mixedCollection();
    List<String> found = new ArrayList<>();
    employees
        .find(new Document("status", "A"))
        .sort(new Document("score", -1))
        .skip(2)
        .limit(9)
        .forEach(document -> found.add(document.toJson(EXTENDED)));

    assertThat(found)
        .isEqualTo(
            run(
                "[{$match: {status: 'A'}}, {$sort: {score: -1}}, {$skip: 2}, {$limit: 9},"
                    + " {$project: {__x: 0}}]",
                true))
        .hasSize(9);
  }

  @Test
  void aFindProjectingPromotedColumnsReadsTheExactFileByColumnsAndReturnsTheRowPathsDocuments() {
    mixedCollection();
    String filter = "{salary: {$gte: 1100}, status: {$in: ['A', null]}}";
    String projection = "{salary: 1}";

    long before = lake.filesReadFromColumns();
    List<String> found = new ArrayList<>();
    employees
        .find(BsonDocument.parse(filter))
        .sort(new Document("salary", 1))
        .projection(BsonDocument.parse(projection))
        .forEach(document -> found.add(document.toJson(EXTENDED)));
    long fromColumns = lake.filesReadFromColumns() - before;

    assertThat(found)
        .isEqualTo(
            run(
                "[{$match: " + filter + "}, {$sort: {salary: 1}}, {$project: " + projection + "}]",
                true))
        .isNotEmpty();
    assertThat(fromColumns).isEqualTo(1);
  }

  @Test
  void aFindWhoseProjectionReadsMoreThanItReturnsReadsWholeDocuments() {
    mixedCollection();
    long before = lake.filesReadFromColumns();
    List<BsonDocument> found = new ArrayList<>();
    employees
        .find(new Document("status", "A"))
        .projection(BsonDocument.parse("{tags: {$elemMatch: {$eq: 't'}}, status: 1}"))
        .into(found);

    assertThat(lake.filesReadFromColumns() - before).isZero();
    assertThat(found).isNotEmpty().allSatisfy(d -> assertThat(d).containsKey("status"));
  }

  @Test
  void countsOfFiltersOverPromotedColumnsAreTheRowPathsCounts() {
    mixedCollection();
    for (String filter :
        List.of(
            "{status: 'A'}",
            "{salary: {$gte: 1500}, 'address.city': {$in: ['c1', 'c2', null]}}",
            "{$or: [{score: {$lt: 10}}, {hired: {$exists: false}}]}",
            "{_id: {$gt: 100}, status: {$ne: 'A'}}")) {
      long before = lake.filesReadFromColumns();
      long counted = employees.countDocuments(BsonDocument.parse(filter));
      long fromColumns = lake.filesReadFromColumns() - before;
      List<String> rows = run("[{$match: " + filter + "}, {$count: 'n'}]", true);

      assertThat(rows).as(filter).hasSize(1);
      assertThat(counted)
          .as(filter)
          .isEqualTo(BsonDocument.parse(rows.getFirst()).getNumber("n").longValue())
          .isPositive();
      assertThat(fromColumns).as(filter).isEqualTo(1);
      assertThat(employees.count(BsonDocument.parse(filter), 1, 2))
          .isEqualTo(Math.min(2, counted - 1));
    }
  }

  @Test
  void aCountStageAnswersAsTheCountOfItsPrefixThenTheStagesAfterItRun() {
    mixedCollection();
    String pipeline =
        "[{$match: {status: 'A', salary: {$gt: 1100}}}, {$count: 'n'}, {$set: {m: 1}}]";

    assertThat(run(pipeline, false)).isEqualTo(run(pipeline, true)).hasSize(1);
    assertThat(run("[{$match: {status: 'none'}}, {$count: 'n'}]", false)).isEmpty();
  }

  @Test
  void aCountingPipelineSeesTheCommandsLetVariables() {
    mixedCollection();
    List<BsonDocument> byLet =
        List.of(
            BsonDocument.parse("{$match: {$expr: {$eq: ['$status', '$$wanted']}}}"),
            BsonDocument.parse("{$count: 'n'}"));
    List<BsonDocument> driverCount =
        List.of(
            BsonDocument.parse("{$match: {$expr: {$eq: ['$status', '$$wanted']}}}"),
            BsonDocument.parse("{$group: {_id: 1, n: {$sum: 1}}}"));
    BsonDocument let = BsonDocument.parse("{wanted: 'A'}");
    long expected = employees.countDocuments(BsonDocument.parse("{status: 'A'}"));

    for (List<BsonDocument> pipeline : List.of(byLet, driverCount)) {
      List<BsonDocument> out = new ArrayList<>();
      try (MongoLakeCursor<BsonDocument> cursor = employees.aggregate(pipeline, let)) {
        cursor.forEachRemaining(out::add);
      }
      assertThat(out).hasSize(1);
      assertThat(out.getFirst().getNumber("n").longValue()).isEqualTo(expected).isPositive();
    }
  }

  private static final String[] VALUES = {
    "1",
    "2.5",
    "{$numberLong: '3'}",
    "{$numberDecimal: '1'}",
    "'x'",
    "'y'",
    "null",
    "true",
    "{$oid: '5f1a2b3c4d5e6f7a8b9c0d1e'}",
    "{$date: '2024-01-02T00:00:00Z'}",
    "[1, 2]",
    "[]",
    "{x: 1}",
    "{x: 'x', y: [3]}",
    "[{x: 1}, {x: 2}]",
    "{$document: {x: 1}}",
    "NaN",
    "-0.0"
  };

  /** Documents of every shape at the paths the pipelines read, with no promoted column. */
  private void plainCollection() {
    open();
    employees = lake.db("hr").collection("plain", BsonDocument.class);
    java.util.Random random = new java.util.Random(20261201);
    for (int file = 0; file < 3; file++) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < 150; i++) {
        StringBuilder json = new StringBuilder("{_id: " + (file * 1000 + i));
        for (String field : List.of("a", "b", "d")) {
          if (random.nextInt(5) != 0) {
            json.append(", ").append(field).append(": ");
            json.append(VALUES[random.nextInt(VALUES.length)]);
          }
        }
        documents.add(BsonDocument.parse(json.append("}").toString()));
      }
      employees.insertMany(documents);
      lake.flush();
    }
    employees.updateOne(
        BsonDocument.parse("{_id: 7}"), BsonDocument.parse("{$set: {a: 'x', d: {x: 9}}}"));
    employees.deleteOne(BsonDocument.parse("{_id: 1008}"));
    employees.insertOne(BsonDocument.parse("{_id: 5000, a: 'x', d: [{x: 'x'}]}"));
  }

  private static final String[] VARIANT_PIPELINES = {
    "[{$group: {_id: '$a', n: {$sum: 1}, b: {$push: '$b'}, dx: {$addToSet: '$d.x'},"
        + " s: {$sum: '$b'}, m: {$max: '$d.x'}}}, {$sort: {_id: 1}}]",
    "[{$match: {a: 'x'}}, {$group: {_id: '$d.x', ids: {$push: '$_id'}, f: {$first: '$b'}}}]",
    "[{$match: {'d.x': {$gte: 1}}}, {$group: {_id: null, n: {$sum: 1}, a: {$avg: '$d.x'}}}]",
    "[{$match: {$or: [{b: {$type: 'array'}}, {a: {$exists: false}}]}}, {$count: 'n'}]",
    "[{$sort: {'d.x': -1, b: 1}}, {$limit: 9}, {$project: {__x: 0}}]",
    "[{$match: {a: {$in: ['y', 1, null]}}}, {$sort: {b: 1}}, {$skip: 2}, {$limit: 20},"
        + " {$project: {__x: 0}}]",
    "[{$sort: {b: -1, _id: 1}}, {$limit: 15}, {$project: {__x: 0}}]",
    "[{$match: {b: {$elemMatch: {$gt: 1}}}}, {$group: {_id: '$d', n: {$sum: 1}}}]",
    "[{$match: {'d.x': {$exists: true}}}, {$group: {_id: '$d.y', min: {$min: '$a'},"
        + " last: {$last: '$a'}}}]"
  };

  @Test
  void pathsReadFromTheDocumentsVariantGiveTheRowPathsResults() {
    plainCollection();
    for (String pipeline : VARIANT_PIPELINES) {
      List<String> columnar = run(pipeline, false);
      List<String> rows = run(pipeline, true);

      assertThat(columnar).as(pipeline).isEqualTo(rows).isNotEmpty();
    }
    for (String filter : List.of("{a: 'x'}", "{'d.x': {$lt: 2}}", "{b: {$size: 2}}")) {
      long counted = employees.countDocuments(BsonDocument.parse(filter));
      List<String> rows = run("[{$match: " + filter + "}, {$count: 'n'}]", true);
      assertThat(counted)
          .as(filter)
          .isEqualTo(BsonDocument.parse(rows.getFirst()).getNumber("n").longValue());
      assertThat(employees.countColumns(BsonDocument.parse(filter))).as(filter).isPresent();
    }
  }

  /** The pipelines whose leading group the columnar path runs. */
  private static final int[] COLUMNAR_GROUPS = {0, 8, 9};

  @Test
  void everyPipelineGivesTheRowPathsResultOverMixedFilesAndBufferedChanges() {
    mixedCollection();
    for (String pipeline : PIPELINES) {
      assertSameAsRowPathReadingOneFileFromColumns(pipeline);
    }
  }

  @Test
  void groupsOverPromotedColumnsRunByColumnBatches() {
    for (int index : COLUMNAR_GROUPS) {
      List<BsonDocument> stages = new ArrayList<>();
      BsonDocument.parse("{p: " + PIPELINES[index] + "}")
          .getArray("p")
          .forEach(stage -> stages.add(stage.asDocument()));
      try (Pipeline pipeline = Pipeline.parse(stages)) {
        Pipeline.FindPrefix prefix = pipeline.findPrefix();
        dev.mongolake.delta.query.Filter filter =
            prefix.filter().isEmpty()
                ? null
                : dev.mongolake.delta.query.Filter.parse(prefix.filter());
        assertThat(pipeline.columnarColumns(prefix, filter)).as(PIPELINES[index]).isPresent();
      }
    }
  }

  @Test
  void aColumnarGroupOverTheMemoryLimitSpillsOrFailsAsTheRowPathDoes() {
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(root)
            .withAggregationMemoryLimitBytes(20_000)
            .withTableConfigs(
                CollectionTableConfigs.plain()
                    .with("hr.employees", DocumentTableConfig.defaults().withSchema(SCHEMA)));
    lake = MongoLake.open(options);
    employees = lake.db("hr").collection("employees", BsonDocument.class);
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      documents.add(employee(i));
    }
    employees.insertMany(documents);
    lake.flush();
    List<BsonDocument> group =
        List.of(BsonDocument.parse("{$group: {_id: '$salary', n: {$sum: 1}}}"));

    List<BsonDocument> spilled = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor = employees.aggregate(group, null, true)) {
      cursor.forEachRemaining(spilled::add);
    }

    assertThat(spilled).hasSize(2_000).allMatch(g -> g.getInt32("n").getValue() == 1);
    assertThatThrownBy(
            () -> {
              try (MongoLakeCursor<BsonDocument> cursor = employees.aggregate(group, null, false)) {
                cursor.forEachRemaining(document -> {});
              }
            })
        .isInstanceOfSatisfying(
            dev.mongolake.MongoLakeException.class,
            e ->
                assertThat(e.errorCode())
                    .isEqualTo(
                        dev.mongolake.ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aTableOfExactFilesIsReadFromColumnsOnly(boolean flushTwice) {
    open();
    for (int i = 0; i < 50; i++) {
      employees.insertOne(employee(i));
      if (flushTwice && i == 25) {
        lake.flush();
      }
    }
    lake.flush();
    long before = lake.filesReadFromColumns();

    List<String> columnar = run(PIPELINES[0], false);

    assertThat(lake.filesReadFromColumns() - before).isEqualTo(flushTwice ? 2 : 1);
    assertThat(columnar).isEqualTo(run(PIPELINES[0], true));
  }

  @Test
  void pipelinesReadingOtherFieldsReadWholeDocuments() {
    mixedCollection();
    long before = lake.filesReadFromColumns();

    run("[{$group: {_id: '$other.big', n: {$sum: 1}}}]", false);
    run("[{$group: {_id: '$tags'}}]", false);
    run("[{$match: {status: 'A'}}]", false);

    assertThat(lake.filesReadFromColumns()).isEqualTo(before);
  }

  private List<String> run(String pipeline, boolean wholeDocuments) {
    List<BsonDocument> stages = new ArrayList<>();
    if (wholeDocuments) {
      stages.add(BsonDocument.parse("{$addFields: {__x: '$$ROOT'}}"));
    }
    BsonDocument.parse("{p: " + pipeline + "}")
        .getArray("p")
        .forEach(stage -> stages.add(stage.asDocument()));
    List<String> out = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor = employees.aggregate(stages)) {
      cursor.forEachRemaining(document -> out.add(document.toJson(EXTENDED)));
    }
    return out;
  }
}
