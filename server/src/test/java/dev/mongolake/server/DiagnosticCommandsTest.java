package dev.mongolake.server;

import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Sorts.descending;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ExplainVerbosity;
import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * collStats, dbStats, explain, validate, currentOp and killOp through the official Java driver
 * against a real server on a free port.
 */
class DiagnosticCommandsTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase db;
  private MongoDatabase admin;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    db = client.getDatabase("app");
    admin = client.getDatabase("admin");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  /** Inserts {@code {_id: i, n: i}} for i in [0, count). */
  private MongoCollection<Document> numbers(String name, int count) {
    MongoCollection<Document> collection = db.getCollection(name);
    collection.insertMany(
        IntStream.range(0, count).mapToObj(i -> new Document("_id", i).append("n", i)).toList());
    return collection;
  }

  private static long bsonSize(Document document) {
    return new RawBsonDocument(document.toBsonDocument(), new BsonDocumentCodec())
        .getByteBuffer()
        .remaining();
  }

  private static long bsonSizes(int count) {
    return IntStream.range(0, count)
        .mapToLong(i -> bsonSize(new Document("_id", i).append("n", i)))
        .sum();
  }

  private static MongoCommandException commandError(Runnable command) {
    try {
      command.run();
    } catch (MongoCommandException e) {
      return e;
    }
    throw new AssertionError("the command succeeded but was expected to fail");
  }

  private static void assertCommandFails(Runnable command, int code, String message) {
    assertThatThrownBy(command::run)
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorMessage()).isEqualTo(message);
            });
  }

  private Document explain(Document command, String verbosity) {
    return db.runCommand(new Document("explain", command).append("verbosity", verbosity));
  }

  private static Document stage(Document explain, String... path) {
    Document current = explain;
    for (String field : path) {
      current = current.get(field, Document.class);
    }
    return current;
  }

  // ---- collStats and dbStats ----

  @Test
  void collStatsCountsTheDocumentsAndSumsTheirBsonSizes() {
    numbers("items", 3);

    Document stats = db.runCommand(new Document("collStats", "items"));

    assertThat(stats.getString("ns")).isEqualTo("app.items");
    assertThat(((Number) stats.get("count")).longValue()).isEqualTo(3);
    assertThat(((Number) stats.get("size")).longValue()).isEqualTo(bsonSizes(3));
    assertThat(((Number) stats.get("avgObjSize")).longValue()).isEqualTo(bsonSizes(3) / 3);
    assertThat(stats.getInteger("nindexes")).isEqualTo(1);
    assertThat(stats.get("indexSizes", Document.class)).containsOnlyKeys("_id_");
    assertThat(stats.getBoolean("capped")).isFalse();
    assertThat(stats.getDouble("ok")).isEqualTo(1.0);
  }

  @Test
  void collStatsReportsTheTableFolderOnDiskOnceFlushed() {
    numbers("items", 50);
    admin.runCommand(new Document("fsync", 1));

    Document stats = db.runCommand(new Document("collStats", "items"));
    Document scaled = db.runCommand(new Document("collStats", "items").append("scale", 1024));

    long storage = ((Number) stats.get("storageSize")).longValue();
    assertThat(storage).isPositive();
    assertThat(((Number) stats.get("totalSize")).longValue()).isEqualTo(storage);
    assertThat(((Number) scaled.get("storageSize")).longValue()).isEqualTo(storage / 1024);
    assertThat(((Number) scaled.get("scaleFactor")).longValue()).isEqualTo(1024);
  }

  @Test
  void compactMergesTheSmallFilesThatFlushesLeft() {
    for (int round = 0; round < 3; round++) {
      db.getCollection("logs").insertOne(new Document("_id", round).append("line", "x" + round));
      admin.runCommand(new Document("fsync", 1));
    }

    Document reply = db.runCommand(new Document("compact", "logs"));

    assertThat(reply.getInteger("filesRemoved")).isEqualTo(3);
    assertThat(reply.getInteger("filesAdded")).isEqualTo(1);
    assertThat(reply.get("bytesFreed")).isInstanceOf(Long.class);
    assertThat(db.getCollection("logs").countDocuments()).isEqualTo(3);
    assertThatThrownBy(() -> db.runCommand(new Document("compact", "nothing")))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(26));
  }

  @Test
  void collStatsStageReportsStorageStatsAndCountForMongoshStats() {
    numbers("items", 7);
    db.getCollection("items").createIndex(new Document("n", 1));

    Document stats =
        db.getCollection("items")
            .aggregate(
                List.of(
                    new Document(
                        "$collStats",
                        new Document("storageStats", new Document("scale", 1))
                            .append("count", new Document()))))
            .first();
    Document projected =
        db.getCollection("items")
            .aggregate(
                List.of(
                    new Document("$collStats", new Document("count", new Document())),
                    new Document("$project", new Document("count", 1).append("_id", 0))))
            .first();

    assertThat(stats.getString("ns")).isEqualTo("app.items");
    assertThat(stats.get("storageStats", Document.class).getInteger("count")).isEqualTo(7);
    assertThat(stats.get("storageStats", Document.class).getInteger("nindexes")).isEqualTo(2);
    assertThat(stats.getInteger("count")).isEqualTo(7);
    assertThat(projected).isEqualTo(new Document("count", 7));
    assertThatThrownBy(
            () ->
                db.getCollection("nothing")
                    .aggregate(
                        List.of(
                            new Document(
                                "$collStats", new Document("storageStats", new Document()))))
                    .first())
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(26));
  }

  @Test
  void collStatsTypesItsNumbersAsMongoDbDoes() {
    numbers("items", 3);
    db.createCollection("empty");

    org.bson.BsonDocument stats =
        db.runCommand(new Document("collStats", "items"), org.bson.BsonDocument.class);
    org.bson.BsonDocument empty =
        db.runCommand(new Document("collStats", "empty"), org.bson.BsonDocument.class);

    for (String field :
        List.of(
            "size",
            "count",
            "avgObjSize",
            "numOrphanDocs",
            "storageSize",
            "freeStorageSize",
            "nindexes",
            "totalIndexSize",
            "totalSize",
            "scaleFactor")) {
      assertThat(stats.get(field).isInt32()).as(field).isTrue();
    }
    assertThat(stats.getDocument("indexSizes").get("_id_").isInt32()).isTrue();
    assertThat(stats.keySet())
        .containsSubsequence(
            "ns",
            "size",
            "count",
            "avgObjSize",
            "numOrphanDocs",
            "storageSize",
            "capped",
            "nindexes",
            "indexDetails",
            "indexBuilds",
            "totalIndexSize",
            "indexSizes",
            "totalSize",
            "scaleFactor");
    assertThat(empty).doesNotContainKey("avgObjSize");
  }

  @Test
  void dbStatsTypesItsNumbersAsMongoDbDoes() {
    numbers("a", 2);
    numbers("b", 1);

    org.bson.BsonDocument stats =
        db.runCommand(new Document("dbStats", 1), org.bson.BsonDocument.class);

    for (String field :
        List.of(
            "collections",
            "views",
            "objects",
            "dataSize",
            "storageSize",
            "indexes",
            "indexSize",
            "totalSize",
            "scaleFactor")) {
      assertThat(stats.get(field).isInt32()).as(field).isTrue();
    }
    assertThat(stats.get("avgObjSize").isDouble()).isTrue();
    assertThat(stats.getDouble("avgObjSize").getValue())
        .isEqualTo((bsonSizes(2) + bsonSizes(1)) / 3.0);
  }

  @Test
  void collStatsOfAMissingCollectionIsNamespaceNotFound() {
    assertCommandFails(
        () -> db.runCommand(new Document("collStats", "nope")),
        26,
        "Collection [app.nope] not found.");
  }

  @Test
  void collStatsWithANonPositiveScaleIsBadValue() {
    numbers("items", 1);
    assertCommandFails(
        () -> db.runCommand(new Document("collStats", "items").append("scale", 0)),
        2,
        "scale has to be > 0");
  }

  @Test
  void dbStatsSumsTheDatabasesCollections() {
    numbers("a", 2);
    numbers("b", 3);

    Document stats = db.runCommand(new Document("dbStats", 1));

    assertThat(stats.getString("db")).isEqualTo("app");
    assertThat(((Number) stats.get("collections")).longValue()).isEqualTo(2);
    assertThat(((Number) stats.get("objects")).longValue()).isEqualTo(5);
    assertThat(((Number) stats.get("indexes")).longValue()).isEqualTo(2);
    assertThat(((Number) stats.get("dataSize")).longValue()).isEqualTo(bsonSizes(2) + bsonSizes(3));
    assertThat(((Number) stats.get("fsTotalSize")).longValue()).isPositive();
  }

  @Test
  void dbStatsOfAnEmptyDatabaseIsAllZeros() {
    Document stats = client.getDatabase("empty").runCommand(new Document("dbStats", 1));

    assertThat(stats.getString("db")).isEqualTo("empty");
    assertThat(((Number) stats.get("collections")).longValue()).isZero();
    assertThat(((Number) stats.get("objects")).longValue()).isZero();
    assertThat(((Number) stats.get("dataSize")).longValue()).isZero();
  }

  // ---- explain ----

  @Test
  void explainFindAtQueryPlannerShowsACollectionScanWithTheFilter() {
    MongoCollection<Document> items = numbers("items", 5);

    Document plan = items.find(gte("n", 2)).explain(ExplainVerbosity.QUERY_PLANNER);

    Document planner = plan.get("queryPlanner", Document.class);
    assertThat(planner.getString("namespace")).isEqualTo("app.items");
    assertThat(planner.get("parsedQuery", Document.class))
        .isEqualTo(new Document("n", new Document("$gte", 2)));
    assertThat(planner.get("winningPlan", Document.class))
        .isEqualTo(
            new Document("stage", "COLLSCAN")
                .append("filter", new Document("n", new Document("$gte", 2)))
                .append("direction", "forward"));
    assertThat(planner.getList("rejectedPlans", Object.class)).isEmpty();
    assertThat(plan).doesNotContainKey("executionStats").containsKeys("serverInfo", "command");
  }

  @Test
  void explainFindWithExecutionStatsCountsReturnedAndExaminedDocuments() {
    MongoCollection<Document> items = numbers("items", 5);

    Document plan = items.find(gte("n", 2)).explain(ExplainVerbosity.EXECUTION_STATS);

    Document stats = plan.get("executionStats", Document.class);
    assertThat(((Number) stats.get("nReturned")).longValue()).isEqualTo(3);
    assertThat(((Number) stats.get("totalDocsExamined")).longValue()).isEqualTo(5);
    assertThat(((Number) stats.get("totalKeysExamined")).longValue()).isZero();
    assertThat(stats).containsKey("executionTimeMillis");
    assertThat(items.countDocuments()).isEqualTo(5);
  }

  @Test
  void explainOfAFlushedCollectionShowsTheFilesAndRowGroupsTheTableRead() {
    MongoCollection<Document> items = db.getCollection("items");
    for (int file = 0; file < 3; file++) {
      List<Document> batch = new java.util.ArrayList<>();
      for (int i = 0; i < 100; i++) {
        batch.add(new Document("_id", file * 1_000 + i));
      }
      items.insertMany(batch);
      admin.runCommand(new Document("fsync", 1));
    }

    // Under $and, so that the plan is a scan (a bare _id equality is a lookup: IDHACK).
    Document onlyOne = new Document("$and", List.of(new Document("_id", 1_005)));
    Document planned = items.find(onlyOne).explain(ExplainVerbosity.QUERY_PLANNER);
    Document executed = items.find(onlyOne).explain(ExplainVerbosity.EXECUTION_STATS);

    Document plannedScan =
        planned.get("queryPlanner", Document.class).get("winningPlan", Document.class);
    assertThat(plannedScan.getString("stage")).isEqualTo("COLLSCAN");
    assertThat(plannedScan.get("tableScan", Document.class))
        .isEqualTo(new Document("filesTotal", 3L).append("filesSkippedByStats", 2L));
    Document executedScan =
        executed.get("executionStats", Document.class).get("executionStages", Document.class);
    Document table = executedScan.get("tableScan", Document.class);
    assertThat(table.getLong("filesOpened")).isEqualTo(1);
    assertThat(table.getLong("rowGroupsRead")).isEqualTo(1);
    assertThat(table.getLong("rowsRead")).isEqualTo(1);
  }

  @Test
  void explainOfAnIdEqualityIsTheLookupThatRanNotAScan() {
    MongoCollection<Document> items = numbers("items", 100);
    admin.runCommand(new Document("fsync", 1));
    items.insertOne(new Document("_id", "buffered"));

    Document flushed =
        items.find(new Document("_id", 42)).explain(ExplainVerbosity.EXECUTION_STATS);
    Document buffered =
        items.find(new Document("_id", "buffered")).explain(ExplainVerbosity.EXECUTION_STATS);
    Document missing =
        items.find(new Document("_id", "nope")).explain(ExplainVerbosity.EXECUTION_STATS);

    for (Document plan : List.of(flushed, buffered)) {
      assertThat(stage(plan, "queryPlanner", "winningPlan").getString("stage")).isEqualTo("IDHACK");
      Document stats = plan.get("executionStats", Document.class);
      assertThat(((Number) stats.get("nReturned")).longValue()).isEqualTo(1);
      assertThat(((Number) stats.get("totalKeysExamined")).longValue()).isEqualTo(1);
      assertThat(((Number) stats.get("totalDocsExamined")).longValue()).isEqualTo(1);
    }
    Document none = missing.get("executionStats", Document.class);
    assertThat(((Number) none.get("nReturned")).longValue()).isZero();
    assertThat(((Number) none.get("totalDocsExamined")).longValue()).isZero();
  }

  @Test
  void explainOfASortAnIndexProvidesHasNoSortStage() {
    MongoCollection<Document> items = numbers("items", 20);
    items.createIndex(new Document("n", 1));

    Document plan =
        items.find().sort(descending("n")).limit(3).explain(ExplainVerbosity.EXECUTION_STATS);

    Document winning = stage(plan, "queryPlanner", "winningPlan");
    assertThat(winning.getString("stage")).isEqualTo("LIMIT");
    Document fetch = stage(winning, "inputStage");
    assertThat(fetch.getString("stage")).isEqualTo("FETCH");
    assertThat(stage(fetch, "inputStage").getString("direction")).isEqualTo("backward");
    assertThat(items.find().sort(descending("n")).limit(3).map(d -> d.getInteger("n")))
        .containsExactly(19, 18, 17);
  }

  @Test
  void explainFindWithoutSortStopsTheScanAtTheLimit() {
    MongoCollection<Document> items = numbers("items", 5);

    Document plan = items.find().limit(2).explain(ExplainVerbosity.EXECUTION_STATS);

    Document stats = plan.get("executionStats", Document.class);
    assertThat(((Number) stats.get("nReturned")).longValue()).isEqualTo(2);
    assertThat(((Number) stats.get("totalDocsExamined")).longValue()).isEqualTo(2);
    assertThat(stage(stats, "executionStages").getString("stage")).isEqualTo("LIMIT");
  }

  @Test
  void explainFindWithSortSkipLimitAndProjectionStacksTheirStages() {
    MongoCollection<Document> items = numbers("items", 5);

    Document plan =
        items
            .find()
            .sort(descending("n"))
            .skip(1)
            .limit(2)
            .projection(new Document("n", 1))
            .explain(ExplainVerbosity.EXECUTION_STATS);

    Document winning = stage(plan, "queryPlanner", "winningPlan");
    assertThat(winning.getString("stage")).isEqualTo("PROJECTION_DEFAULT");
    assertThat(stage(winning, "inputStage").getString("stage")).isEqualTo("LIMIT");
    assertThat(stage(winning, "inputStage", "inputStage").getString("stage")).isEqualTo("SKIP");
    Document sort = stage(winning, "inputStage", "inputStage", "inputStage");
    assertThat(sort.getString("stage")).isEqualTo("SORT");
    assertThat(sort.get("sortPattern", Document.class)).isEqualTo(new Document("n", -1));
    assertThat(stage(sort, "inputStage").getString("stage")).isEqualTo("COLLSCAN");
    Document stats = plan.get("executionStats", Document.class);
    assertThat(((Number) stats.get("nReturned")).longValue()).isEqualTo(2);
    assertThat(((Number) stats.get("totalDocsExamined")).longValue()).isEqualTo(5);
  }

  @Test
  void explainDefaultsToAllPlansExecution() {
    numbers("items", 2);

    Document plan = db.runCommand(new Document("explain", new Document("find", "items")));

    assertThat(
            plan.get("executionStats", Document.class).getList("allPlansExecution", Object.class))
        .isEmpty();
    assertThat(plan.get("command", Document.class))
        .isEqualTo(new Document("find", "items").append("$db", "app"));
  }

  @Test
  void explainCountCountsWithoutReturningDocuments() {
    numbers("items", 5);

    Document plan =
        explain(
            new Document("count", "items")
                .append("query", new Document("n", new Document("$lt", 3))),
            "executionStats");

    Document count = stage(plan, "executionStats", "executionStages");
    assertThat(count.getString("stage")).isEqualTo("COUNT");
    assertThat(((Number) count.get("nCounted")).longValue()).isEqualTo(3);
    assertThat(stage(count, "inputStage").getString("stage")).isEqualTo("COLLSCAN");
    assertThat(((Number) stage(plan, "executionStats").get("nReturned")).longValue()).isZero();
  }

  @Test
  void explainDistinctScansWithTheQuery() {
    numbers("items", 5);

    Document plan =
        explain(
            new Document("distinct", "items")
                .append("key", "n")
                .append("query", new Document("n", new Document("$gte", 1))),
            "executionStats");

    assertThat(stage(plan, "queryPlanner", "winningPlan").getString("stage")).isEqualTo("COLLSCAN");
    assertThat(((Number) stage(plan, "executionStats").get("nReturned")).longValue()).isEqualTo(4);
  }

  @Test
  void explainAggregateShowsTheLeadingMatchAsTheScanThenTheRestOfThePipeline() {
    numbers("items", 5);
    List<Document> pipeline =
        List.of(
            new Document("$match", new Document("n", new Document("$gte", 3))),
            new Document("$count", "total"));

    Document plan =
        explain(
            new Document("aggregate", "items")
                .append("pipeline", pipeline)
                .append("cursor", new Document()),
            "executionStats");

    assertThat(stage(plan, "queryPlanner", "winningPlan"))
        .isEqualTo(
            new Document("stage", "COLLSCAN")
                .append("filter", new Document("n", new Document("$gte", 3)))
                .append("direction", "forward"));
    assertThat(plan.getList("stages", Document.class)).isEqualTo(pipeline.subList(1, 2));
    Document stats = plan.get("executionStats", Document.class);
    assertThat(((Number) stats.get("nReturned")).longValue()).isEqualTo(1);
    assertThat(((Number) stats.get("totalDocsExamined")).longValue()).isEqualTo(5);
  }

  @Test
  void explainAggregateWithAnUnknownStageFailsAsTheAggregateWould() {
    numbers("items", 1);

    MongoCommandException explained =
        commandError(
            () ->
                explain(
                    new Document("aggregate", "items")
                        .append("pipeline", List.of(new Document("$bogus", 1))),
                    "queryPlanner"));
    MongoCommandException ran =
        commandError(
            () ->
                db.getCollection("items")
                    .aggregate(List.of(new Document("$bogus", 1)))
                    .into(new java.util.ArrayList<>()));

    assertThat(explained.getErrorCode()).isEqualTo(ran.getErrorCode());
    assertThat(explained.getErrorMessage()).isEqualTo(ran.getErrorMessage());
  }

  @Test
  void explainUpdateCountsMatchesWithoutWriting() {
    MongoCollection<Document> items = numbers("items", 5);
    Document update =
        new Document("update", "items")
            .append(
                "updates",
                List.of(
                    new Document("q", new Document("n", new Document("$gte", 2)))
                        .append("u", new Document("$set", new Document("x", 1)))
                        .append("multi", true)));

    Document plan = explain(update, "executionStats");

    Document stages = stage(plan, "executionStats", "executionStages");
    assertThat(stages.getString("stage")).isEqualTo("UPDATE");
    assertThat(((Number) stages.get("nMatched")).longValue()).isEqualTo(3);
    assertThat(stages.getBoolean("nWouldUpsert")).isFalse();
    assertThat(items.countDocuments(new Document("x", 1))).isZero();
  }

  @Test
  void explainDeleteCountsWhatWouldBeDeletedWithoutDeleting() {
    MongoCollection<Document> items = numbers("items", 5);
    Document delete =
        new Document("delete", "items")
            .append(
                "deletes",
                List.of(
                    new Document("q", new Document("n", new Document("$lt", 4)))
                        .append("limit", 0)));

    Document plan = explain(delete, "executionStats");

    Document stages = stage(plan, "executionStats", "executionStages");
    assertThat(stages.getString("stage")).isEqualTo("DELETE");
    assertThat(((Number) stages.get("nWouldDelete")).longValue()).isEqualTo(4);
    assertThat(stage(stages, "inputStage").get("filter", Document.class))
        .isEqualTo(new Document("n", new Document("$lt", 4)));
    assertThat(items.countDocuments()).isEqualTo(5);
  }

  @Test
  void explainOfAMissingCollectionIsAnEofPlan() {
    Document plan = explain(new Document("find", "nope"), "executionStats");

    assertThat(stage(plan, "queryPlanner", "winningPlan")).isEqualTo(new Document("stage", "EOF"));
    assertThat(((Number) stage(plan, "executionStats").get("totalDocsExamined")).longValue())
        .isZero();
  }

  @Test
  void explainAggregateOfAMissingCollectionReturnsNothing() {
    Document plan =
        explain(new Document("aggregate", "nope").append("pipeline", List.of()), "executionStats");

    assertThat(stage(plan, "queryPlanner", "winningPlan")).isEqualTo(new Document("stage", "EOF"));
    assertThat(((Number) stage(plan, "executionStats").get("nReturned")).longValue()).isZero();
  }

  @Test
  void explainOfACommandThatCannotBeExplainedIsIllegalOperation() {
    assertCommandFails(
        () ->
            explain(new Document("insert", "items").append("documents", List.of()), "queryPlanner"),
        20,
        "Cannot explain cmd: insert");
  }

  @Test
  void explainOfANonDocumentIsBadValue() {
    assertCommandFails(
        () -> db.runCommand(new Document("explain", "find")),
        2,
        "explain command requires a nested object");
  }

  @Test
  void explainWithAnUnknownVerbosityIsBadValue() {
    assertCommandFails(
        () -> explain(new Document("find", "items"), "loud"),
        2,
        "Enumeration value 'loud' for field 'explain.verbosity' is not a valid value.");
  }

  @Test
  void explainOfAWriteBatchOfTwoIsInvalidLength() {
    Document delete =
        new Document("delete", "items")
            .append(
                "deletes",
                List.of(
                    new Document("q", new Document()).append("limit", 0),
                    new Document("q", new Document()).append("limit", 0)));
    assertCommandFails(
        () -> explain(delete, "queryPlanner"), 16, "explained write batches must be of size 1");
  }

  // ---- validate ----

  @Test
  void validateReadsEveryDocumentAndFindsTheCollectionValid() {
    numbers("items", 7);
    admin.runCommand(new Document("fsync", 1));
    db.getCollection("items").insertOne(new Document("_id", "buffered"));

    Document result = db.runCommand(new Document("validate", "items"));

    assertThat(result.getString("ns")).isEqualTo("app.items");
    assertThat(((Number) result.get("nrecords")).longValue()).isEqualTo(8);
    assertThat(result.getInteger("nIndexes")).isEqualTo(1);
    assertThat(result.getBoolean("valid")).isTrue();
    assertThat(result.getList("errors", Object.class)).isEmpty();
    assertThat(result.getList("warnings", Object.class)).isEmpty();
  }

  @Test
  void validateOfAMissingCollectionIsNamespaceNotFound() {
    assertCommandFails(
        () -> db.runCommand(new Document("validate", "nope")),
        26,
        "Collection 'app.nope' does not exist to validate.");
  }

  // ---- currentOp and killOp ----

  @Test
  void currentOpReportsTheCallersOwnCommand() {
    // $ownOps: the driver's monitoring connection may be running hello at the same moment.
    Document reply = admin.runCommand(new Document("currentOp", 1).append("$ownOps", true));

    List<Document> ops = reply.getList("inprog", Document.class);
    assertThat(ops).hasSize(1);
    Document op = ops.get(0);
    assertThat(op.getBoolean("active")).isTrue();
    assertThat(op.getString("op")).isEqualTo("command");
    assertThat(op.getString("ns")).isEqualTo("admin.$cmd");
    assertThat(op.get("command", Document.class)).containsEntry("currentOp", 1);
    assertThat(op.get("opid")).isInstanceOf(Long.class);
    assertThat(op.get("clientMetadata", Document.class)).containsKey("driver");
  }

  @Test
  void currentOpFiltersOperationsByTheRemainingFields() {
    Document matching =
        admin.runCommand(
            new Document("currentOp", 1).append("$ownOps", true).append("op", "command"));
    Document other = admin.runCommand(new Document("currentOp", 1).append("ns", "app.items"));

    assertThat(matching.getList("inprog", Document.class)).hasSize(1);
    assertThat(other.getList("inprog", Document.class)).isEmpty();
  }

  @Test
  void currentOpOutsideAdminIsUnauthorized() {
    assertCommandFails(
        () -> db.runCommand(new Document("currentOp", 1)),
        13,
        "currentOp may only be run against the admin database.");
  }

  @Test
  void killOpAnswersAttemptingToKillForKnownAndUnknownOps() {
    Object opId =
        admin
            .runCommand(new Document("currentOp", 1))
            .getList("inprog", Document.class)
            .get(0)
            .get("opid");

    Document known = admin.runCommand(new Document("killOp", 1).append("op", opId));
    Document unknown = admin.runCommand(new Document("killOp", 1).append("op", 987654321L));

    assertThat(known).isEqualTo(new Document("info", "attempting to kill op").append("ok", 1.0));
    assertThat(unknown).isEqualTo(known);
  }

  @Test
  void killOpWithoutAnOpIdIsNoSuchKey() {
    assertCommandFails(
        () -> admin.runCommand(new Document("killOp", 1)), 4, "Missing expected field \"op\"");
  }

  @Test
  void killOpWithANonNumericOpIdIsTypeMismatch() {
    assertCommandFails(
        () -> admin.runCommand(new Document("killOp", 1).append("op", "x")),
        14,
        "Expected field \"op\" to have numeric type, but found string");
  }

  @Test
  void killOpOutsideAdminIsUnauthorized() {
    assertCommandFails(
        () -> db.runCommand(new Document("killOp", 1).append("op", 1)),
        13,
        "killOp may only be run against the admin database.");
  }
}
