package dev.mongolake;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.unset;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.PartitionColumns;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Collections whose tables are partitioned ({@code mongolake: {partitionColumns: ...}}): every read
 * equals an unpartitioned collection's through inserts, updates that move documents between
 * partitions, deletes, flushes, compaction and a restart; DuckDB sees the partition column from the
 * folders; reads open only the partitions that may match; bad options are refused by name.
 */
class PartitionedCollectionsTest {

  private static final String LAYOUT =
      "promotedColumns: {n: 'long'}, partitionColumns: {region: 'string'}";

  @TempDir Path root;

  @ParameterizedTest(name = "deletion vectors {0}")
  @ValueSource(booleans = {false, true})
  void readsEqualAnUnpartitionedCollectionsThroughMovesDeletesCompactionAndRestart(
      boolean deletionVectors) {
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(root)
            .withTableConfigs(CollectionTableConfigs.plain().withDeletionVectors(deletionVectors));
    try (MongoLake lake = MongoLake.open(options)) {
      createBoth(lake);
      for (String name : List.of("events", "plain")) {
        MongoLakeCollection<Document> c = lake.db("app").collection(name);
        c.insertMany(documents(0, 60));
      }
      lake.flush();
      assertSameReads(lake);

      for (String name : List.of("events", "plain")) {
        MongoLakeCollection<Document> c = lake.db("app").collection(name);
        c.updateMany(and(eq("region", "eu"), lt("n", 20L)), set("region", "us"));
        c.updateOne(eq("_id", 4), set("region", 7));
        c.updateOne(eq("_id", 5), unset("region"));
        c.updateOne(eq("_id", 6), set("region", "ap"));
        c.deleteMany(and(eq("region", "ap"), lt("n", 30L)));
        c.insertMany(documents(100, 130));
      }
      // Buffered changes over flushed files, then the same after they are flushed.
      assertSameReads(lake);
      lake.flush();
      assertSameReads(lake);
      for (String name : List.of("events", "plain")) {
        lake.db("app").collection(name).insertMany(documents(200, 210));
        lake.flush();
      }
      assertThat(lake.db("app").collection("events").compactFiles().filesRemoved()).isPositive();
      assertSameReads(lake);
      assertEachFileHoldsItsPartition(lake.db("app").collection("events"));
      assertThat(
              lake.db("app")
                  .collection("events")
                  .table()
                  .orElseThrow()
                  .snapshot()
                  .config()
                  .deletionVectors())
          .isEqualTo(deletionVectors);
    }
    try (MongoLake lake = MongoLake.open(options)) {
      assertSameReads(lake);
      assertThat(lake.db("app").collectionOptions("events").orElseThrow().getDocument("mongolake"))
          .isEqualTo(BsonDocument.parse("{" + LAYOUT + "}"));
    }
    // Without the log, the tables alone: the Delta metadata records the partitioning.
    deleteRecursively(root.resolve("_wal"));
    try (MongoLake lake = MongoLake.open(options)) {
      assertSameReads(lake);
      assertThat(
              lake.db("app")
                  .collection("events")
                  .table()
                  .orElseThrow()
                  .snapshot()
                  .config()
                  .partitionColumns()
                  .names())
          .containsExactly("region");
    }
  }

  private static void deleteRecursively(Path folder) {
    try (var paths = java.nio.file.Files.walk(folder)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.delete(path);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void duckDbSeesThePartitionColumnAndReadsOpenOnlyMatchingPartitions() throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      createBoth(lake);
      MongoLakeCollection<Document> events = lake.db("app").collection("events");
      events.insertMany(documents(0, 60));
      lake.flush();

      DocumentSnapshot snapshot = events.table().orElseThrow().snapshot();
      // eu, us, ap, and the null partition (missing, 5, an array, an object).
      assertThat(snapshot.files()).hasSize(4);
      events.insertOne(new Document("_id", 1000).append("region", "a/b:c%"));
      lake.flush();
      try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
          Statement statement = duck.createStatement()) {
        // The live-file macro of docs/documents-as-parquet.md, over the escaped folder names too.
        statement.execute(
            """
            CREATE MACRO delta_live_files(table_dir) AS (
              WITH actions AS (
                SELECT json ->> '$.add.path' AS added, json ->> '$.remove.path' AS removed
                  FROM read_ndjson_objects(table_dir || '/_delta_log/*.json')
                UNION ALL
                SELECT to_json(c) ->> '$.add.path', to_json(c) ->> '$.remove.path'
                  FROM read_parquet(table_dir || '/_delta_log/*.checkpoint.parquet',
                                    allow_empty = true) AS c
              )
              SELECT list(table_dir || '/' || url_decode(added) ORDER BY added)
                FROM (SELECT added FROM actions WHERE added IS NOT NULL
                      EXCEPT SELECT removed FROM actions WHERE removed IS NOT NULL)
            )""");
        statement.execute(
            "SET VARIABLE events = delta_live_files('" + root.resolve("app/events") + "')");
        List<String> counts = new ArrayList<>();
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT region, count(*) FROM read_parquet(getvariable('events'),"
                    + " hive_partitioning = true) GROUP BY region ORDER BY region NULLS LAST")) {
          while (rows.next()) {
            counts.add(rows.getString(1) + "=" + rows.getLong(2));
          }
        }
        // Documents whose region is the string itself; an array holding it is in the null
        // partition, which DuckDB reads as null (MongoDB's {region: 'eu'} matches it too).
        assertThat(counts).containsExactly("a/b:c%=1", "ap=12", "eu=12", "us=12", "null=24");
      }
      events.deleteOne(eq("_id", 1000));
      lake.flush();

      assertThat(filesOpened(events.find(eq("region", "eu")).explain(true))).isEqualTo(2);
      assertThat(filesOpened(events.find(in("region", "eu", "us")).explain(true))).isEqualTo(3);
      assertThat(filesOpened(events.find(eq("region", 5)).explain(true))).isEqualTo(1);
      assertThat(events.find(eq("region", 5)).into(new ArrayList<>()))
          .extracting(d -> d.getInteger("_id"))
          .containsExactly(3, 13, 23, 33, 43, 53);
    }
  }

  @Test
  void aBranchOfAPartitionedCollectionSharesItsPartitionedFilesAndWritesIntoPartitions() {
    try (MongoLake lake = MongoLake.open(root)) {
      createBoth(lake);
      for (String name : List.of("events", "plain")) {
        lake.db("app").collection(name).insertMany(documents(0, 60));
      }
      lake.flush();

      lake.branches().create("app", "feature");
      MongoLakeDatabase branch = lake.db("app@feature");
      MongoLakeCollection<Document> events = branch.collection("events");
      assertThat(events.table().orElseThrow().snapshot().delta().partitionColumns())
          .containsExactly("region");
      assertThat(events.table().orElseThrow().snapshot().files())
          .allMatch(file -> file.partitionValues().containsKey("region"));
      for (String name : List.of("events", "plain")) {
        MongoLakeCollection<Document> c = branch.collection(name);
        c.updateMany(eq("region", "us"), set("region", "eu"));
        c.deleteOne(eq("_id", 3));
      }
      lake.flush();
      for (Bson filter : FILTERS) {
        assertThat(events.find(filter).sort(eq("_id", 1)).into(new ArrayList<>()))
            .as(filter.toBsonDocument().toJson())
            .isEqualTo(
                branch.collection("plain").find(filter).sort(eq("_id", 1)).into(new ArrayList<>()));
      }
      assertEachFileHoldsItsPartition(events);
      assertThat(lake.db("app").collection("events").countDocuments(eq("region", "us")))
          .isPositive();
    }
  }

  @Test
  void aRestoreToAnEarlierTableVersionPutsDocumentsBackInTheirPartitions() {
    try (MongoLake lake = MongoLake.open(root)) {
      createBoth(lake);
      MongoLakeCollection<Document> events = lake.db("app").collection("events");
      events.insertMany(documents(0, 60));
      lake.flush();
      long version = events.table().orElseThrow().snapshot().version();
      List<Document> before = events.find().sort(eq("_id", 1)).into(new ArrayList<>());
      events.updateMany(eq("region", "eu"), set("region", "ap"));
      events.deleteMany(eq("region", "us"));
      lake.flush();

      events.restoreToTableVersion(version);
      lake.flush();

      assertThat(events.find().sort(eq("_id", 1)).into(new ArrayList<>())).isEqualTo(before);
      assertThat(events.countDocuments(eq("region", "eu"))).isEqualTo(18);
      assertEachFileHoldsItsPartition(events);
    }
  }

  @Test
  void badPartitionColumnsAreRefusedByNameAndCollModCannotRepartition() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      assertRefused(
          () -> app.createCollection("c", lake("{partitionColumns: 'region'}")),
          ErrorCode.TYPE_MISMATCH,
          "'create.mongolake.partitionColumns' is the wrong type, expected type 'object'");
      assertRefused(
          () -> app.createCollection("c", lake("{partitionColumns: {a: {b: 'string'}}}")),
          ErrorCode.INVALID_OPTIONS,
          "Cannot partition by column 'a.b': a partition column must be a top-level field");
      assertRefused(
          () -> app.createCollection("c", lake("{partitionColumns: {price: 'double'}}")),
          ErrorCode.INVALID_OPTIONS,
          "its type double is not a partition type");
      assertRefused(
          () -> app.createCollection("c", lake("{partitionColumns: {}}")),
          ErrorCode.INVALID_OPTIONS,
          "partitionColumns must name at least one column");
      assertRefused(
          () ->
              app.createCollection(
                  "c",
                  lake("{partitionColumns: {a: 'int', b: 'int', c: 'int', d: 'int', e: 'int'}}")),
          ErrorCode.INVALID_OPTIONS,
          "at most " + PartitionColumns.MAX_COLUMNS);
      assertRefused(
          () ->
              app.createCollection(
                  "c",
                  lake(
                      "{partitionColumns: {region: 'string'},"
                          + " promotedColumns: {region: 'string'}}")),
          ErrorCode.INVALID_OPTIONS,
          "promoted column 'region' overlaps a partition column");
      assertThat(app.collectionOptions("c")).isEmpty();

      app.createCollection("c", lake("{partitionColumns: {region: 'string'}}"));
      assertRefused(
          () -> app.modifyCollection("c", lake("{partitionColumns: {region: 'string'}}")),
          ErrorCode.INVALID_OPTIONS,
          "Cannot modify collection app.c: MongoLake option 'partitionColumns' is set only when"
              + " the collection is created");
      assertRefused(
          () -> app.modifyCollection("c", lake("{promotedColumns: {region: 'string'}}")),
          ErrorCode.INVALID_OPTIONS,
          "promoted column 'region' overlaps a partition column");
    }
  }

  private static BsonDocument lake(String options) {
    return new BsonDocument("mongolake", BsonDocument.parse(options));
  }

  private static void createBoth(MongoLake lake) {
    lake.db("app").createCollection("events", lake("{" + LAYOUT + "}"));
    lake.db("app").createCollection("plain", lake("{promotedColumns: {n: 'long'}}"));
  }

  /** Regions cycle eu, us, ap; every tenth document has none, 5, an array or an object. */
  private static List<Document> documents(int from, int to) {
    return IntStream.range(from, to)
        .mapToObj(
            i -> {
              Document document = new Document("_id", i).append("n", (long) i);
              switch (i % 10) {
                case 3 -> document.append("region", 5);
                case 7 -> document.append("region", List.of("eu", "us"));
                case 9 -> document.append("region", new Document("code", "eu"));
                case 8 -> {}
                default -> document.append("region", List.of("eu", "us", "ap").get(i % 3));
              }
              return document;
            })
        .toList();
  }

  private static final List<Bson> FILTERS =
      List.of(
          new Document(),
          eq("region", "eu"),
          eq("region", 5),
          eq("region", 7),
          in("region", "eu", "ap"),
          eq("region", null),
          Document.parse("{region: {$gt: 'b'}}"),
          Document.parse("{region: {$ne: 'us'}}"),
          Document.parse("{region: {$exists: false}}"),
          Document.parse("{region: {code: 'eu'}}"),
          Document.parse("{region: {$type: 'string'}, n: {$gte: 10, $lt: 50}}"),
          Document.parse("{$or: [{region: 'us'}, {n: {$lt: 5}}]}"));

  private static final List<Bson> PIPELINE =
      List.of(
          Document.parse("{$match: {region: {$in: ['eu', 'us', 5]}}}"),
          Document.parse("{$group: {_id: '$region', count: {$sum: 1}, total: {$sum: '$n'}}}"),
          Document.parse("{$sort: {count: 1, total: 1}}"));

  private static void assertSameReads(MongoLake lake) {
    MongoLakeCollection<Document> events = lake.db("app").collection("events");
    MongoLakeCollection<Document> plain = lake.db("app").collection("plain");
    for (Bson filter : FILTERS) {
      String shown = filter.toBsonDocument().toJson();
      assertThat(events.find(filter).sort(eq("_id", 1)).into(new ArrayList<>()))
          .as(shown)
          .isEqualTo(plain.find(filter).sort(eq("_id", 1)).into(new ArrayList<>()));
      assertThat(events.countDocuments(filter)).as(shown).isEqualTo(plain.countDocuments(filter));
    }
    assertThat(aggregate(events)).isEqualTo(aggregate(plain)).isNotEmpty();
    // Partition values are compared in byte order: under a collation they must not prune 'eu'.
    com.mongodb.client.model.Collation caseless =
        com.mongodb.client.model.Collation.builder()
            .locale("en")
            .collationStrength(com.mongodb.client.model.CollationStrength.SECONDARY)
            .build();
    for (Bson filter : List.of(eq("region", "EU"), in("region", "EU", "Us"))) {
      assertThat(events.find(filter).collation(caseless).sort(eq("_id", 1)).into(new ArrayList<>()))
          .isEqualTo(
              plain.find(filter).collation(caseless).sort(eq("_id", 1)).into(new ArrayList<>()))
          .isNotEmpty();
    }
    assertThat(events.distinct("region", new Document(), BsonValue.class))
        .containsExactlyInAnyOrderElementsOf(
            plain.distinct("region", new Document(), BsonValue.class));
  }

  private static List<Document> aggregate(MongoLakeCollection<Document> collection) {
    List<Document> out = new ArrayList<>();
    try (MongoLakeCursor<Document> cursor = collection.aggregate(PIPELINE)) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  private static void assertEachFileHoldsItsPartition(MongoLakeCollection<Document> collection) {
    DocumentSnapshot snapshot = collection.table().orElseThrow().snapshot();
    PartitionColumns columns = snapshot.config().partitionColumns();
    for (AddFile file : snapshot.files()) {
      try (var scan = snapshot.scan(List.of(file))) {
        scan.forEachRemaining(
            document -> assertThat(columns.valuesOf(document)).isEqualTo(file.partitionValues()));
      }
    }
  }

  /** The files the executed plan's table scan opened. */
  private static long filesOpened(QueryExplanation explanation) {
    return find(explanation.executionStats(), "filesOpened");
  }

  private static long find(BsonDocument document, String key) {
    if (document.isNumber(key)) {
      return document.getNumber(key).longValue();
    }
    for (BsonValue value : document.values()) {
      if (value.isDocument()) {
        long found = find(value.asDocument(), key);
        if (found >= 0) {
          return found;
        }
      }
    }
    return -1;
  }

  private static void assertRefused(Runnable action, ErrorCode code, String message) {
    assertThatThrownBy(action::run)
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }
}
