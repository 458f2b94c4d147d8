package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.RandomDocuments;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * {@link DocumentSnapshot#scan(Filter)} returns exactly what a full scan followed by {@link
 * Filter#matches} returns, while skipping files and row groups that cannot match.
 */
class FilteredScanTest {
  private static final ColumnType[] TYPES = ColumnType.values();

  @Test
  void filteredScanReturnsExactlyTheMatchesOfAFullScan() {
    RandomDocuments random = new RandomDocuments(20261130L);
    Random ids = new Random(5);
    int checked = 0;
    long filesSkipped = 0;
    long rowsNotRead = 0;
    for (int table = 0; table < 25; table++) {
      IdEncoding encoding = IdEncoding.values()[table % IdEncoding.values().length];
      DocumentSchema schema =
          new DocumentSchema(
              List.of(
                  new PromotedColumn("a", TYPES[table % TYPES.length], false),
                  new PromotedColumn("p.q", TYPES[(table / 2 + 3) % TYPES.length], false)));
      DocumentSnapshot snapshot = randomTable(random, ids, encoding, schema);
      List<BsonDocument> all = scanAll(snapshot);
      List<BsonValue> tableIds = all.stream().map(d -> d.get("_id")).toList();
      for (int trial = 0; trial < 40; trial++) {
        BsonDocument filterDocument =
            switch (trial % 4) {
              case 0 -> idFilter(ids, tableIds);
              case 1 ->
                  new BsonDocument(
                      "$and", new BsonArray(List.of(idFilter(ids, tableIds), random.filter())));
              default -> random.filter();
            };
        Filter filter = Filter.parse(filterDocument);
        List<BsonDocument> expected = all.stream().filter(filter::matches).toList();
        try (DocumentSnapshot.DocumentScan scan = snapshot.scan(filter)) {
          List<BsonDocument> actual = new ArrayList<>();
          scan.forEachRemaining(actual::add);
          assertThat(actual)
              .as("filter %s on %s with %s", filterDocument.toJson(), encoding, schema)
              .isEqualTo(expected);
          ScanMetrics metrics = scan.metrics();
          assertThat(metrics.rowsMatched()).isEqualTo(expected.size());
          assertThat(metrics.filesOpened() + metrics.filesSkipped())
              .isEqualTo(snapshot.files().size());
          assertThat(metrics.rowsRead()).isLessThanOrEqualTo(all.size());
          filesSkipped += metrics.filesSkipped();
          rowsNotRead += all.size() - metrics.rowsRead();
          checked++;
        }
      }
    }
    assertThat(checked).isEqualTo(25 * 40);
    // The check means something only if pruning and pushdown did skip data.
    assertThat(filesSkipped).isPositive();
    assertThat(rowsNotRead).isPositive();
    System.out.printf("files skipped %d, rows not read %d%n", filesSkipped, rowsNotRead);
  }

  @Test
  void idEqualityOpensOneFileAndOneRowGroupAmongManyFiles() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DocumentTable.create(storage, "db/c", DocumentTableConfig.defaults(), Clock.systemUTC());
    List<BsonDocument> inserted = new ArrayList<>();
    for (int file = 0; file < 30; file++) {
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        batch.add(
            new BsonDocument("_id", new BsonObjectId(new ObjectId()))
                .append("n", new BsonInt32(file * 50 + i)));
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
      inserted.addAll(batch);
    }
    DocumentSnapshot snapshot = table.snapshot();
    assertThat(snapshot.files()).hasSize(30);
    BsonDocument wanted = inserted.get(777);

    ScanMetrics point = scan(snapshot, new BsonDocument("_id", wanted.get("_id")), wanted);
    assertThat(point.filesOpened()).isEqualTo(1);
    assertThat(point.filesSkipped()).isEqualTo(29);
    assertThat(point.rowGroupsRead()).isLessThanOrEqualTo(1);
    assertThat(point.rowsRead()).isEqualTo(1);

    BsonDocument in =
        new BsonDocument(
            "_id",
            new BsonDocument(
                "$in",
                new BsonArray(
                    List.of(
                        inserted.get(3).get("_id"),
                        inserted.get(1400).get("_id"),
                        new BsonObjectId(new ObjectId())))));
    ScanMetrics many = scan(snapshot, in, inserted.get(3), inserted.get(1400));
    assertThat(many.filesOpened()).isLessThanOrEqualTo(3);
    assertThat(many.rowGroupsRead()).isLessThanOrEqualTo(3);
  }

  @Test
  void anObjectIdRangeReadsOnlyThePagesThatMayHoldIt() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DocumentTable.create(storage, "db/c", DocumentTableConfig.defaults(), Clock.systemUTC());
    List<BsonDocument> inserted = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      inserted.add(
          new BsonDocument("_id", new BsonObjectId(new ObjectId(new java.util.Date(i * 1000L), i)))
              .append("n", new BsonInt32(i)));
    }
    table.commit(new TableChanges(inserted, List.of(), List.of()), null, 0);
    BsonDocument range =
        new BsonDocument(
            "_id",
            new BsonDocument("$gte", inserted.get(1_234).get("_id"))
                .append("$lt", inserted.get(1_334).get("_id")));

    ScanMetrics metrics =
        scan(table.snapshot(), range, inserted.subList(1_234, 1_334).toArray(BsonDocument[]::new));

    assertThat(metrics.rowsMatched()).isEqualTo(100);
    assertThat(metrics.rowsRead()).isLessThan(400); // pages of 32 rows, not the file's 2,000
  }

  @Test
  void anObjectIdRangeOverMixedIdsKeepsEveryMatchAndOnlyObjectIds() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DocumentTable.create(storage, "db/c", DocumentTableConfig.defaults(), Clock.systemUTC());
    List<BsonDocument> inserted = new ArrayList<>();
    Random random = new Random(9);
    for (int i = 0; i < 600; i++) {
      inserted.add(new BsonDocument("_id", anyId(random, i)).append("n", new BsonInt32(i)));
    }
    table.commit(new TableChanges(inserted, List.of(), List.of()), null, 0);
    DocumentSnapshot snapshot = table.snapshot();
    BsonValue low = new BsonObjectId(new ObjectId(new java.util.Date(100 * 1000L), 0));
    BsonValue high = new BsonObjectId(new ObjectId(new java.util.Date(400 * 1000L), 0));

    for (BsonDocument filter :
        List.of(
            new BsonDocument("_id", new BsonDocument("$gt", low)),
            new BsonDocument("_id", new BsonDocument("$lte", high)),
            new BsonDocument("_id", new BsonDocument("$gte", low).append("$lt", high)))) {
      Filter parsed = Filter.parse(filter);
      BsonDocument[] expected =
          scanAll(snapshot).stream().filter(parsed::matches).toArray(BsonDocument[]::new);
      assertThat(expected).isNotEmpty().allMatch(d -> d.get("_id").isObjectId());
      scan(snapshot, filter, expected);
    }
  }

  @Test
  void idBoundsInTagsSurviveACheckpoint() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DocumentTable.create(storage, "db/c", DocumentTableConfig.defaults(), Clock.systemUTC());
    for (int file = 0; file < 5; file++) {
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        batch.add(new BsonDocument("_id", new BsonString("k" + file + "-" + i)));
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
    }
    table.delta().checkpoint(table.delta().snapshot());

    DocumentTable reopened = DocumentTable.open(storage, "db/c", Clock.systemUTC()).orElseThrow();
    BsonDocument wanted = new BsonDocument("_id", new BsonString("k3-7"));
    ScanMetrics metrics = scan(reopened.snapshot(), wanted, wanted);
    assertThat(metrics.filesOpened()).isEqualTo(1);
    assertThat(metrics.filesSkipped()).isEqualTo(4);
  }

  @Test
  void bloomFilterSkipsRowGroupsWhenIdRangesOverlap() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DocumentTable.create(
            storage,
            "db/c",
            DocumentTableConfig.defaults().withIdEncoding(IdEncoding.STRING),
            Clock.systemUTC());
    Random random = new Random(11);
    List<BsonDocument> inserted = new ArrayList<>();
    for (int file = 0; file < 20; file++) {
      List<BsonDocument> batch = new ArrayList<>();
      // Every file spans "a..." to "z...", so min/max statistics cannot tell the files apart.
      batch.add(new BsonDocument("_id", new BsonString("a" + file)));
      batch.add(new BsonDocument("_id", new BsonString("z" + file)));
      for (int i = 0; i < 200; i++) {
        batch.add(new BsonDocument("_id", new BsonString(Long.toHexString(random.nextLong()))));
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
      inserted.addAll(batch);
    }
    BsonDocument wanted = inserted.get(2345);
    ScanMetrics metrics =
        scan(table.snapshot(), new BsonDocument("_id", wanted.get("_id")), wanted);
    assertThat(metrics.filesSkipped()).isZero();
    assertThat(metrics.rowGroupsTotal()).isEqualTo(20);
    assertThat(metrics.rowGroupsRead()).isBetween(1L, 2L);
  }

  @Test
  void promotedColumnRangeSkipsFilesByTheirStatistics() {
    Storage storage = new MemoryStorage();
    DocumentTable table =
        DocumentTable.create(
            storage,
            "db/c",
            DocumentTableConfig.defaults()
                .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long'}"))),
            Clock.systemUTC());
    for (int file = 0; file < 10; file++) {
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        batch.add(
            new BsonDocument("_id", new BsonInt32(file * 20 + i))
                .append("n", new BsonInt64(file * 20 + i)));
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
    }
    Filter filter = Filter.parse(BsonDocument.parse("{n: {$gte: 45, $lt: 65.5}}"));
    try (var scan = table.snapshot().scan(filter)) {
      List<BsonDocument> found = new ArrayList<>();
      scan.forEachRemaining(found::add);
      assertThat(found).extracting(d -> d.getInt32("_id").getValue()).hasSize(21);
      assertThat(scan.metrics().filesOpened()).isEqualTo(2);
      assertThat(scan.metrics().filesSkipped()).isEqualTo(8);
    }
  }

  private static ScanMetrics scan(
      DocumentSnapshot snapshot, BsonDocument filter, BsonDocument... expected) {
    try (var scan = snapshot.scan(Filter.parse(filter))) {
      List<BsonDocument> found = new ArrayList<>();
      scan.forEachRemaining(found::add);
      assertThat(found).containsExactlyInAnyOrder(expected);
      return scan.metrics();
    }
  }

  private static DocumentSnapshot randomTable(
      RandomDocuments random, Random ids, IdEncoding encoding, DocumentSchema schema) {
    DocumentTable table =
        DocumentTable.create(
            new MemoryStorage(),
            "t",
            DocumentTableConfig.defaults()
                .withIdEncoding(encoding)
                .withSchema(schema)
                .withTargetFileSizeBytes(1024),
            Clock.systemUTC());
    int next = 0;
    for (int commit = 0; commit < 4; commit++) {
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        BsonDocument document = random.document(next++);
        document.put("_id", id(encoding, ids, next));
        batch.add(document);
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
    }
    return table.snapshot();
  }

  private static BsonValue id(IdEncoding encoding, Random random, int n) {
    return switch (encoding) {
      case KEY -> anyId(random, n);
      case OBJECT_ID -> new BsonObjectId(new ObjectId(new java.util.Date(n * 1000L), n));
      case STRING -> new BsonString("s" + n);
      case INT32 -> new BsonInt32(n);
      case INT64 -> new BsonInt64(n % 3 == 0 ? (1L << 53) + n : n);
    };
  }

  private static BsonValue anyId(Random random, int n) {
    return switch (random.nextInt(6)) {
      case 0 -> new BsonInt64(n % 3 == 0 ? (1L << 53) + n : n);
      case 1 -> new BsonDouble(n + (random.nextBoolean() ? 0.5 : 0));
      case 2 -> new BsonString("s" + n);
      case 3 -> new BsonObjectId(new ObjectId(new java.util.Date(n * 1000L), n));
      case 4 -> new BsonDocument("k", new BsonInt32(n % 4));
      default -> new BsonInt32(n);
    };
  }

  /** Equality or $in on _id, with values of the table and their numeric look-alikes. */
  private static BsonDocument idFilter(Random random, List<BsonValue> tableIds) {
    List<BsonValue> values = new ArrayList<>();
    int count = 1 + random.nextInt(3);
    for (int i = 0; i < count; i++) {
      BsonValue id = tableIds.get(random.nextInt(tableIds.size()));
      values.add(random.nextInt(3) == 0 ? lookAlike(random, id) : id);
    }
    BsonDocument filter =
        values.size() == 1 && random.nextBoolean()
            ? new BsonDocument("_id", values.getFirst())
            : new BsonDocument("_id", new BsonDocument("$in", new BsonArray(values)));
    return filter;
  }

  private static BsonValue lookAlike(Random random, BsonValue id) {
    if (id.isNumber()) {
      long value = id.asNumber().longValue();
      return switch (random.nextInt(4)) {
        case 0 -> new BsonDouble(id.asNumber().doubleValue());
        case 1 -> new BsonInt64(value);
        case 2 -> new BsonDecimal128(new Decimal128(value));
        default -> new BsonInt32((int) value + 1);
      };
    }
    if (id.isDocument()) {
      return new BsonDocument("k", new BsonDouble(id.asDocument().getInt32("k").getValue()));
    }
    if (id.isString() && random.nextBoolean()) {
      return new org.bson.BsonSymbol(id.asString().getValue());
    }
    if (id.isObjectId()) {
      return new BsonString(id.asObjectId().getValue().toHexString());
    }
    return new BsonString("missing");
  }

  private static List<BsonDocument> scanAll(DocumentSnapshot snapshot) {
    List<BsonDocument> all = new ArrayList<>();
    try (var scan = snapshot.scan()) {
      scan.forEachRemaining(all::add);
    }
    return all;
  }

  static List<String> paths(DocumentSnapshot snapshot) {
    return snapshot.files().stream().map(AddFile::path).toList();
  }
}
