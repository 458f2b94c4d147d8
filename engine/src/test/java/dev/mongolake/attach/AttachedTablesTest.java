package dev.mongolake.attach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import dev.mongolake.AttachedTable;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Delta tables written by Spark, attached as read-only collections of an embedded lake. */
class AttachedTablesTest {

  @TempDir Path root;
  private Path golden;
  private MongoLake lake;
  private MongoLakeDatabase db;

  @BeforeEach
  void open() {
    golden = GoldenDeltaTables.require();
    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    db = lake.db("app");
  }

  @AfterEach
  void close() {
    if (lake != null) {
      lake.close();
    }
  }

  private MongoLakeCollection<BsonDocument> attached(String name, String table) {
    db.attach(name, golden.resolve(table).toString());
    return db.collection(name, BsonDocument.class);
  }

  private static List<BsonDocument> stages(String... stages) {
    return Stream.of(stages).map(BsonDocument::parse).toList();
  }

  @Test
  void findFiltersSortsSkipsLimitsAndProjectsTheRows() {
    MongoLakeCollection<BsonDocument> sales = attached("sales", "basic-with-inserts-updates");

    List<BsonDocument> found =
        sales
            .find(Filters.gte("id", 90))
            .sort(Sorts.descending("id"))
            .skip(1)
            .limit(3)
            .projection(Projections.include("str"))
            .into(new ArrayList<>());

    // No _id column: the documents have no _id.
    assertThat(found)
        .containsExactly(
            BsonDocument.parse("{str: 'val=98'}"),
            BsonDocument.parse("{str: 'val=97'}"),
            BsonDocument.parse("{str: 'val=96'}"));
    assertThat(sales.countDocuments()).isEqualTo(100);
    assertThat(sales.estimatedDocumentCount()).isEqualTo(100);
    // Version 1 (an UPDATE) set str to 'N/A' for ids below 50.
    assertThat(sales.countDocuments(Filters.eq("str", "N/A"))).isEqualTo(50);
    assertThat(sales.distinct("str", Filters.lt("id", 60), String.class))
        .hasSize(11)
        .contains("N/A", "val=59");
  }

  @Test
  void aggregationGroupsTheRowsOfAColumnMappedTableWithDeletionVectors() {
    MongoLakeCollection<BsonDocument> rows = attached("rows", "dv-with-columnmapping");

    List<BsonDocument> grouped = new ArrayList<>();
    rows.aggregate(
            stages(
                "{$match: {part: {$lte: 2}}}",
                "{$group: {_id: '$part', n: {$sum: 1}, cols: {$push: '$col1'}}}",
                "{$sort: {_id: 1}}"))
        .forEachRemaining(grouped::add);

    // Deleted rows (by the files' deletion vectors) are not there.
    assertThat(rows.countDocuments()).isEqualTo(35);
    java.util.Map<Integer, Integer> expected = new java.util.TreeMap<>();
    for (BsonDocument row : rows.find(Filters.lte("part", 2))) {
      expected.merge(row.getInt32("part").getValue(), 1, Integer::sum);
    }
    assertThat(expected).isNotEmpty();
    assertThat(grouped)
        .extracting(g -> g.getInt32("_id").getValue())
        .containsExactlyElementsOf(expected.keySet());
    assertThat(grouped)
        .extracting(g -> g.getInt32("n").getValue())
        .containsExactlyElementsOf(expected.values());
  }

  @Test
  void columnMappedRowsBecomeTypedDocuments() {
    MongoLakeCollection<BsonDocument> types =
        attached("types", "table-with-columnmapping-mode-name");

    BsonDocument first = types.find(Filters.eq("IntegerType", 1)).first();

    assertThat(first).isNotNull();
    assertThat(first.get("ByteType").isInt32()).isTrue();
    assertThat(first.get("LongType").isInt64()).isTrue();
    assertThat(first.get("decimal").isDecimal128()).isTrue();
    assertThat(first.get("BinaryType").isBinary()).isTrue();
    assertThat(first.getDateTime("DateType").getValue()).isEqualTo(1637193600000L);
    assertThat(first.getDateTime("TimestampType").getValue()).isEqualTo(1L);
    assertThat(first.getDocument("nested_struct").toJson())
        .isEqualTo("{\"aa\": \"1\", \"ac\": {\"aca\": 1}}");
    assertThat(first.containsKey("_id")).isFalse();
  }

  @Test
  void lookupFromACollectionJoinsTheAttachedRows() {
    attached("sales", "basic-with-inserts-updates");
    MongoLakeCollection<BsonDocument> orders = db.collection("orders", BsonDocument.class);
    orders.insertOne(BsonDocument.parse("{_id: 1, item: 77}"));

    BsonDocument joined =
        orders
            .aggregate(
                stages(
                    "{$lookup: {from: 'sales', localField: 'item', foreignField: 'id', as: 's'}}",
                    "{$project: {'s.str': 1}}"))
            .next();

    assertThat(joined).isEqualTo(BsonDocument.parse("{_id: 1, s: [{str: 'val=77'}]}"));
  }

  @Test
  void unionWithAndMergeReadAnAttachedTableIntoACollection() {
    MongoLakeCollection<BsonDocument> sales = attached("sales", "basic-with-inserts-updates");
    MongoLakeCollection<BsonDocument> other = db.collection("other", BsonDocument.class);
    other.insertOne(BsonDocument.parse("{_id: 'x', id: 1000}"));

    List<BsonDocument> union = new ArrayList<>();
    other
        .aggregate(
            stages(
                "{$unionWith: {coll: 'sales', pipeline: [{$match: {id: {$gte: 98}}}]}}",
                "{$project: {_id: 0, id: 1}}",
                "{$sort: {id: 1}}"))
        .forEachRemaining(union::add);
    sales
        .aggregate(stages("{$match: {id: {$lt: 5}}}", "{$set: {_id: '$id'}}", "{$out: 'copied'}"))
        .hasNext();

    assertThat(union)
        .containsExactly(
            BsonDocument.parse("{id: 98}"),
            BsonDocument.parse("{id: 99}"),
            BsonDocument.parse("{id: 1000}"));
    assertThat(db.collection("copied").countDocuments()).isEqualTo(5);
  }

  @Test
  void aViewOnAnAttachedTableRunsItsPipelineOverTheRows() {
    attached("sales", "basic-with-inserts-updates");
    db.createView(
        "updated", "sales", stages("{$match: {str: 'N/A'}}", "{$project: {_id: 0, id: 1}}"));

    MongoLakeCollection<BsonDocument> updated = db.collection("updated", BsonDocument.class);

    assertThat(updated.countDocuments()).isEqualTo(50);
    assertThat(
            updated.find(Filters.gt("id", 47)).sort(Sorts.ascending("id")).into(new ArrayList<>()))
        .containsExactly(BsonDocument.parse("{id: 48}"), BsonDocument.parse("{id: 49}"));
  }

  @Test
  void variantColumnsReadAsTheirBsonValues() {
    MongoLakeCollection<BsonDocument> variants = attached("variants", "spark-variant-checkpoint");

    BsonDocument row = variants.find().sort(Sorts.ascending("id")).first();

    assertThat(variants.countDocuments()).isPositive();
    assertThat(row).isNotNull();
    assertThat(row.keySet()).contains("id");
    assertThat(row.values()).noneMatch(org.bson.BsonValue::isNull);
  }

  @Test
  void aReadAtAPastPointIsRefused() {
    attached("sales", "basic-with-inserts-updates");
    db.collection("orders").insertOne(new org.bson.Document("_id", 1));
    lake.flush();
    dev.mongolake.ReadAt now = dev.mongolake.ReadAt.clusterTime(lake.lastWriteTime());

    assertThatThrownBy(() -> lake.db("app", now).collection("sales").countDocuments())
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SNAPSHOT_UNAVAILABLE))
        .hasMessageContaining("it is an attached Delta table");
  }

  @Test
  void aReadInsideATransactionIsRefusedNotReadAsOfNow() {
    MongoLakeCollection<BsonDocument> sales = attached("sales", "basic-with-inserts-updates");
    dev.mongolake.MongoLakeTransaction transaction = lake.startTransaction();
    try {
      assertThatThrownBy(() -> transaction.run(() -> sales.countDocuments()))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e ->
                  assertThat(e.errorCode())
                      .isEqualTo(ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION))
          .hasMessageContaining("read attached Delta table app.sales");
    } finally {
      transaction.abort();
    }
  }

  @Test
  void aTableLargerThanAReadMayHoldIsRefusedBeforeItIsRead() {
    lake.close();
    lake =
        MongoLake.open(
            MongoLakeOptions.defaults().withPath(root).withAggregationMemoryLimitBytes(1_000));
    db = lake.db("app");
    MongoLakeCollection<BsonDocument> sales = attached("sales", "basic-with-inserts-updates");

    assertThatThrownBy(sales::countDocuments)
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT))
        .hasMessageContaining("Cannot read attached table app.sales: its data files hold");
  }

  @Test
  void droppingTheDatabaseDetachesItsTables() {
    attached("sales", "basic-with-inserts-updates");

    db.drop();

    assertThat(db.listAttachedTables()).isEmpty();
    assertThat(golden.resolve("basic-with-inserts-updates/_delta_log")).isDirectory();
  }

  @Test
  void everyWriteIsRefusedByName() {
    MongoLakeCollection<BsonDocument> sales = attached("sales", "basic-with-inserts-updates");
    String suffix = " app.sales: it is an attached read-only Delta table";

    assertRefused(
        () -> sales.insertOne(BsonDocument.parse("{id: 1}")), "Cannot insert into" + suffix);
    assertRefused(
        () -> sales.updateOne(Filters.eq("id", 1), Updates.set("str", "x")),
        "Cannot update" + suffix);
    assertRefused(() -> sales.deleteMany(Filters.eq("id", 1)), "Cannot delete from" + suffix);
    assertRefused(
        () ->
            sales.findOneAndUpdate(
                Filters.eq("id", 1),
                Updates.set("str", "x"),
                new com.mongodb.client.model.FindOneAndUpdateOptions()),
        "Cannot findAndModify" + suffix);
    assertRefused(
        () -> sales.createIndex(BsonDocument.parse("{id: 1}")),
        "Cannot create indexes on" + suffix);
    assertRefused(
        () -> sales.renameCollection(new MongoNamespace("app", "other")), "Cannot rename" + suffix);
    assertRefused(() -> sales.watch(), "Cannot watch" + suffix);
    assertRefused(
        () -> db.modifyCollection("sales", BsonDocument.parse("{validator: {}}")),
        "Cannot modify" + suffix);
    assertThatThrownBy(() -> db.createCollection("sales"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NAMESPACE_EXISTS));
    assertThat(sales.countDocuments()).isEqualTo(100);
  }

  private static void assertRefused(ThrowingCallable write, String message) {
    assertThatThrownBy(write)
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.ILLEGAL_OPERATION))
        .hasMessage(message);
  }

  @Test
  void theNameMustBeFreeAndTheLocationATable() {
    db.collection("users").insertOne(new org.bson.Document("a", 1));

    assertThatThrownBy(
            () -> db.attach("users", golden.resolve("basic-with-inserts-updates").toString()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NAMESPACE_EXISTS));
    assertThatThrownBy(() -> db.attach("nothing", root.resolve("missing").toString()))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.BAD_VALUE))
        .hasMessageStartingWith("Cannot read attached table app.nothing");
    assertThatThrownBy(() -> db.attach("remote", "s3://bucket/table"))
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.BAD_VALUE))
        .hasMessageContaining("only paths relative to the lake's storage");
    assertThat(db.listAttachedTables()).isEmpty();
  }

  @Test
  void theAttachmentSurvivesARestartAndDropDetachesLeavingTheFiles() {
    Path table = golden.resolve("basic-with-inserts-updates");
    long filesBefore = fileCount(table);
    db.attach("sales", table.toUri().toString());
    lake.close();

    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    db = lake.db("app");
    assertThat(db.listAttachedTables())
        .containsExactly(new AttachedTable("sales", table.toUri().toString()));
    assertThat(db.collection("sales").countDocuments(Filters.lt("id", 10))).isEqualTo(10);

    db.collection("sales").drop();
    assertThat(db.isAttached("sales")).isFalse();
    assertThat(db.collection("sales").countDocuments()).isZero();
    assertThat(fileCount(table)).isEqualTo(filesBefore);
    lake.close();
    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    assertThat(lake.db("app").listAttachedTables()).isEmpty();
  }

  @Test
  void eachQueryReadsTheLatestVersion(@TempDir Path copies) throws IOException {
    // A copy outside the repository, whose second commit is added while it is attached.
    Path table = copies.resolve("sales");
    copyTree(golden.resolve("basic-with-inserts-updates"), table);
    Path second = table.resolve("_delta_log/00000000000000000001.json");
    Path held = copies.resolve("commit-1.json");
    Files.move(second, held);
    MongoLakeCollection<BsonDocument> sales = attached("sales", table.toString());
    assertThat(sales.countDocuments(Filters.eq("str", "N/A"))).isZero();

    Files.move(held, second);

    assertThat(sales.countDocuments(Filters.eq("str", "N/A"))).isEqualTo(50);
  }

  @Test
  void aPathRelativeToTheLakesStorageAttachesATableInsideIt() throws IOException {
    copyTree(golden.resolve("data-reader-nested-struct"), root.resolve("imports/nested"));

    db.attach("nested", "imports/nested");

    assertThat(db.collection("nested", BsonDocument.class).find(Filters.eq("a.ac.aca", 3)).first())
        .isEqualTo(
            BsonDocument.parse(
                "{a: {aa: '3', ab: '3', ac: {aca: 3, acb: {$numberLong: '3'}}}, b: 3}"));
  }

  private static long fileCount(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.count();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path source : files.toList()) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }
}
