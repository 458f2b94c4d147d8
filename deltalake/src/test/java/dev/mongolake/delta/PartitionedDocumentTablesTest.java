package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.cdc.ChangeType;
import dev.mongolake.delta.log.AddCdcFile;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.PartitionColumns;
import dev.mongolake.delta.table.TableChanges;
import io.delta.kernel.Scan;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.engine.FileReadResult;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partitioned document tables: Hive-style folders, partition values in every {@code add} and {@code
 * cdc} action (copy-on-write, deletion vectors, compaction), the partition column left out of the
 * files yet read right by delta-kernel and DuckDB, and our scans pruning by partition.
 */
class PartitionedDocumentTablesTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();
  private static final String SLASHED = "us/east:1";

  @TempDir Path root;

  @Test
  void filesAreSplitIntoEscapedHiveFoldersWithoutThePartitionColumn() throws Exception {
    DocumentTable table = create(DocumentTableConfig.defaults());
    table.write(documents(0, 12));

    DocumentSnapshot snapshot = table.snapshot();
    assertThat(snapshot.delta().metadata().partitionColumns()).containsExactly("region");
    assertThat(snapshot.files()).hasSize(3);
    Map<String, String> folders = new TreeMap<>();
    for (AddFile file : snapshot.files()) {
      folders.put(
          String.valueOf(file.partitionValues().get("region")),
          file.path().substring(0, file.path().indexOf('/')));
      assertThat(file.partitionValues()).containsOnlyKeys("region");
    }
    assertThat(folders)
        .containsEntry("eu", "region=eu")
        // Hive escapes '/' and ':' in the folder name; the action path is that name URI-encoded.
        .containsEntry(SLASHED, "region=us%252Feast%253A1")
        .containsEntry("null", "region=__HIVE_DEFAULT_PARTITION__");
    assertThat(Files.isDirectory(root.resolve("db/c/region=us%2Feast%3A1"))).isTrue();
    assertEachFileHoldsOnlyItsPartition(table);

    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = duck.createStatement()) {
      String files = liveFiles(table);
      assertThat(columns(statement, "read_parquet(" + files + ", hive_partitioning = false)"))
          .containsExactly("_id", "doc", "n");
      ResultSet rows =
          statement.executeQuery(
              "SELECT region, count(*) FROM read_parquet("
                  + files
                  + ", hive_partitioning = true) GROUP BY region ORDER BY region");
      List<String> counts = new ArrayList<>();
      while (rows.next()) {
        counts.add(rows.getString(1) + "=" + rows.getLong(2));
      }
      assertThat(counts).containsExactly("eu=4", SLASHED + "=4", "null=4");
    }
  }

  @Test
  void deltaKernelReadsThePartitionValuesOfEveryRow() throws IOException {
    DocumentTable table = create(DocumentTableConfig.defaults());
    table.write(documents(0, 12));

    Map<Long, String> regions = kernelRegions(root.resolve("db/c").toString());
    Map<Long, String> expected = new TreeMap<>();
    for (BsonDocument document : documents(0, 12)) {
      BsonValue region = document.get("region");
      expected.put(
          document.getInt64("_id").getValue(),
          region != null && region.isString() ? region.asString().getValue() : null);
    }
    assertThat(regions).isEqualTo(expected);
  }

  @Test
  void aCheckpointKeepsThePartitionValuesIncludingNulls() {
    DocumentTable table = create(DocumentTableConfig.defaults());
    table.write(documents(0, 12));
    table.delta().checkpoint(table.delta().snapshot());
    table.write(documents(12, 15));

    DocumentTable reopened =
        DocumentTable.open(new FileSystemStorage(root), "db/c", Clock.systemUTC()).orElseThrow();
    assertThat(reopened.snapshot().files())
        .extracting(AddFile::partitionValues)
        .containsExactlyInAnyOrderElementsOf(
            table.snapshot().files().stream().map(AddFile::partitionValues).toList())
        .anyMatch(values -> values.containsKey("region") && values.get("region") == null);
    assertThat(reopened.snapshot().config().partitionColumns().names()).containsExactly("region");
    assertEachFileHoldsOnlyItsPartition(reopened);
    assertThat(ids(reopened, "{region: 'eu'}")).isEqualTo(ids(table, "{region: 'eu'}"));
  }

  @Test
  void dateIntAndBoolPartitionsReadBackInDeltaKernelAndPrune() throws IOException {
    DocumentTableConfig config =
        baseConfig()
            .withPartitionColumns(
                PartitionColumns.parse(BsonDocument.parse("{day: 'date', k: 'int', b: 'bool'}")));
    DocumentTable table =
        DocumentTable.create(new FileSystemStorage(root), "db/t", config, Clock.systemUTC());
    List<BsonDocument> documents = new ArrayList<>();
    for (long i = 0; i < 8; i++) {
      documents.add(
          new BsonDocument("_id", new BsonInt64(i))
              .append("day", new org.bson.BsonDateTime(1_700_000_000_123L + (i % 2) * 86_400_000L))
              .append("k", new BsonInt32((int) (i % 4)))
              .append("b", org.bson.BsonBoolean.valueOf(i < 4)));
    }
    table.write(documents);

    assertThat(table.snapshot().files()).hasSize(8);
    StructType read =
        new StructType()
            .add("_id", LongType.LONG)
            .add("day", io.delta.kernel.types.TimestampType.TIMESTAMP)
            .add("k", io.delta.kernel.types.IntegerType.INTEGER)
            .add("b", io.delta.kernel.types.BooleanType.BOOLEAN);
    Map<Long, String> kernel = new TreeMap<>();
    kernelRows(
        root.resolve("db/t").toString(),
        read,
        row ->
            kernel.put(
                row.getLong(0), row.getLong(1) + "/" + row.getInt(2) + "/" + row.getBoolean(3)));
    Map<Long, String> expected = new TreeMap<>();
    for (BsonDocument document : documents) {
      expected.put(
          document.getInt64("_id").getValue(),
          document.getDateTime("day").getValue() * 1000
              + "/"
              + document.getInt32("k").getValue()
              + "/"
              + document.getBoolean("b").getValue());
    }
    assertThat(kernel).isEqualTo(expected);
    assertThat(ids(table, "{k: 1, b: true}")).containsExactly(1L);
    assertThat(filesOpened(table, "{k: 1, b: true}")).isEqualTo(1);
    assertThat(filesOpened(table, "{day: {$gt: {$date: '2023-11-15T00:00:00Z'}}}")).isEqualTo(4);
    assertThat(ids(table, "{day: {$gt: {$date: '2023-11-15T00:00:00Z'}}}"))
        .containsExactly(1L, 3L, 5L, 7L);
  }

  @Test
  void scansPruneByPartitionValuesAndNeverSkipTheNullPartition() {
    DocumentTable table = create(DocumentTableConfig.defaults());
    table.write(documents(0, 12));
    DocumentTable plain =
        DocumentTable.create(
            new FileSystemStorage(root), "db/plain", baseConfig(), Clock.systemUTC());
    plain.write(documents(0, 12));

    for (String filter :
        List.of(
            "{region: 'eu'}",
            "{region: 5}",
            "{region: {$in: ['eu', '" + SLASHED + "']}}",
            "{region: {$gt: 'f'}}",
            "{region: null}",
            "{region: {$exists: false}}",
            "{region: {$ne: 'eu'}}",
            "{n: {$gte: 3}, region: 'eu'}")) {
      assertThat(ids(table, filter)).as(filter).isEqualTo(ids(plain, filter));
    }
    assertThat(ids(table, "{region: 5}")).containsExactly(2L);
    // eu's file and the null partition's (which may hold any value) are opened, not us/east's.
    assertThat(filesOpened(table, "{region: 'eu'}")).isEqualTo(2);
    assertThat(filesOpened(table, "{region: 5}")).isEqualTo(1);
    assertThat(filesOpened(plain, "{region: 'eu'}")).isEqualTo(1);
  }

  @Test
  void copyOnWriteAndCompactionKeepEveryFileInItsPartition() {
    checkRewrites(false);
  }

  @Test
  void deletionVectorsAndCompactionKeepEveryFileInItsPartition() {
    checkRewrites(true);
  }

  @Test
  void reEncodingIdsKeepsEveryFileInItsPartition() {
    DocumentTable table = create(DocumentTableConfig.defaults());
    table.write(documents(0, 12));
    table.write(documents(12, 24));
    List<Long> before = ids(table, "{region: 'eu'}");
    table.changeIdEncoding(IdEncoding.KEY);
    assertThat(table.snapshot().config().idEncoding()).isEqualTo(IdEncoding.KEY);
    assertEachFileHoldsOnlyItsPartition(table);
    assertThat(ids(table, "{region: 'eu'}")).isEqualTo(before).isNotEmpty();
    assertThat(ids(table, "{}")).hasSize(24);
    assertThat(table.snapshot().findById(new BsonInt64(7))).isPresent();
  }

  private void checkRewrites(boolean deletionVectors) {
    DocumentTable table =
        create(DocumentTableConfig.defaults().withDeletionVectors(deletionVectors));
    table.write(documents(0, 12));
    table.write(documents(12, 24));
    // _id 0 moves from eu to us/east:1, 1 from us/east:1 to the null partition; 3 is deleted.
    BsonDocument moved = documents(0, 1).getFirst().append("region", new BsonString(SLASHED));
    BsonDocument unset = documents(1, 2).getFirst();
    unset.remove("region");
    long version =
        table
            .commit(
                new TableChanges(List.of(), List.of(moved, unset), List.of(new BsonInt64(3))),
                null,
                0)
            .version();

    assertEachFileHoldsOnlyItsPartition(table);
    assertThat(ids(table, "{region: '" + SLASHED + "'}")).contains(0L).doesNotContain(1L);
    assertThat(ids(table, "{region: 'eu'}")).doesNotContain(0L, 3L);
    assertThat(ids(table, "{region: {$exists: false}}")).contains(1L);
    List<AddCdcFile> cdc =
        table.delta().commitActions(version).stream()
            .filter(AddCdcFile.class::isInstance)
            .map(AddCdcFile.class::cast)
            .toList();
    assertThat(cdc).isNotEmpty();
    for (AddCdcFile file : cdc) {
      assertThat(file.partitionValues()).containsOnlyKeys("region");
      assertThat(file.path()).startsWith("_change_data/region=");
    }
    List<ChangeRow> changes = table.changes(version, version);
    List<ChangeType> ofZero =
        changes.stream()
            .filter(row -> row.document().getInt64("_id").getValue() == 0)
            .map(ChangeRow::changeType)
            .toList();
    assertThat(ofZero).containsExactly(ChangeType.UPDATE_PREIMAGE, ChangeType.UPDATE_POSTIMAGE);

    List<Long> before = ids(table, "{}");
    var result = table.optimize();
    assertThat(result.filesRemoved()).isPositive();
    assertEachFileHoldsOnlyItsPartition(table);
    assertThat(ids(table, "{}")).isEqualTo(before);
    Map<Map<String, String>, Long> filesPerPartition =
        table.snapshot().files().stream()
            .collect(Collectors.groupingBy(AddFile::partitionValues, Collectors.counting()));
    assertThat(filesPerPartition.values()).allMatch(n -> n == 1);
    assertThat(filesPerPartition).hasSize(3);

    // The compacted files, in their partition folders, are vacuumed; the live ones stay.
    var vacuumed =
        table
            .delta()
            .vacuum(
                VacuumOptions.defaults().withRetention(java.time.Duration.ZERO).withForce(true));
    assertThat(vacuumed.paths()).anyMatch(path -> path.startsWith("db/c/region=eu/"));
    assertThat(vacuumed.paths())
        .doesNotContainAnyElementsOf(table.snapshot().delta().storagePaths());
    assertThat(ids(table, "{}")).isEqualTo(before);
  }

  @Test
  void partitionColumnsAreRefusedWhenNestedListsOrPromotedAndCannotChange() {
    assertThatThrownBy(() -> PartitionColumns.parse(BsonDocument.parse("{'a': {b: 'string'}}")))
        .hasMessageContaining("Cannot partition by column 'a.b': a partition column must be a");
    assertThatThrownBy(() -> PartitionColumns.parse(BsonDocument.parse("{a: 'double'}")))
        .hasMessageContaining("its type double is not a partition type");
    assertThatThrownBy(() -> PartitionColumns.parse(BsonDocument.parse("{a: ['string']}")))
        .hasMessageContaining("its type [string] is not a partition type");
    assertThatThrownBy(
            () ->
                PartitionColumns.parse(
                    BsonDocument.parse("{a: 'int', b: 'int', c: 'int', d: 'int', e: 'int'}")))
        .hasMessageContaining("at most 4");
    assertThatThrownBy(
            () ->
                baseConfig()
                    .withPartitionColumns(
                        PartitionColumns.parse(BsonDocument.parse("{region: 'string'}")))
                    .withSchema(DocumentSchema.parse(BsonDocument.parse("{region: 'string'}"))))
        .hasMessageContaining("promoted column 'region' overlaps a partition column");
    DocumentTable table = create(DocumentTableConfig.defaults());
    assertThatThrownBy(
            () ->
                table.changeLayout(config -> config.withPartitionColumns(PartitionColumns.none())))
        .hasMessageContaining("its partition columns are fixed when it is created");
  }

  @Test
  void automaticPromotionNeverPromotesAPartitionColumn() {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/auto",
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT64)
                .withAutoPromote(dev.mongolake.delta.table.AutoPromote.atThreshold(0.5))
                .withPartitionColumns(
                    PartitionColumns.parse(BsonDocument.parse("{region: 'string'}"))),
            Clock.systemUTC());
    table.write(documents(0, 12));

    DocumentSnapshot snapshot = table.snapshot();
    assertThat(snapshot.config().schema())
        .isEqualTo(DocumentSchema.parse(BsonDocument.parse("{n: 'long'}")));
    assertThat(snapshot.delta().schema().fields())
        .extracting(field -> field.name())
        .containsExactly("_id", "doc", "n", "region");
    assertEachFileHoldsOnlyItsPartition(table);
  }

  @Test
  void vacuumDeletesReplacedFilesInAPartitionFolderWhoseColumnStartsWithAnUnderscore() {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/u",
            baseConfig()
                .withPartitionColumns(PartitionColumns.parse(BsonDocument.parse("{_r: 'int'}"))),
            Clock.systemUTC());
    for (long i = 0; i < 3; i++) {
      table.write(
          List.of(new BsonDocument("_id", new BsonInt64(i)).append("_r", new BsonInt32(1))));
    }
    table.optimize();

    var vacuumed =
        table
            .delta()
            .vacuum(
                VacuumOptions.defaults().withRetention(java.time.Duration.ZERO).withForce(true));
    assertThat(vacuumed.paths()).hasSize(3).allMatch(path -> path.startsWith("db/u/_r=1/"));
    assertThat(ids(table, "{}")).containsExactly(0L, 1L, 2L);
  }

  @Test
  void typedPartitionValuesAreSerializedAsTheProtocolSays() {
    PartitionColumns columns =
        PartitionColumns.parse(BsonDocument.parse("{i: 'int', l: 'long', b: 'bool', t: 'date'}"));
    BsonDocument document =
        BsonDocument.parse(
            "{i: 7, l: {$numberLong: '-9000000000'}, b: true,"
                + " t: {$date: '2024-01-31T12:34:56.789Z'}}");
    assertThat(columns.valuesOf(document))
        .containsExactly(
            Map.entry("i", "7"),
            Map.entry("l", "-9000000000"),
            Map.entry("b", "true"),
            Map.entry("t", "2024-01-31T12:34:56.789000Z"));
    Map<String, String> wrongTypes =
        columns.valuesOf(BsonDocument.parse("{i: 'x', l: 1.5, b: 1, t: 'today'}"));
    assertThat(wrongTypes.values()).containsOnlyNulls();
    assertThat(columns.folder(columns.valuesOf(document)))
        .isEqualTo("i=7/l=-9000000000/b=true/t=2024-01-31T12%3A34%3A56.789000Z");
    // A folder name too long for a file system: the file goes to the table's root.
    PartitionColumns region = PartitionColumns.parse(BsonDocument.parse("{region: 'string'}"));
    Map<String, String> longValue =
        region.valuesOf(new BsonDocument("region", new BsonString("x".repeat(200))));
    assertThat(longValue).containsEntry("region", "x".repeat(200));
    assertThat(region.folder(longValue)).isEmpty();
  }

  private DocumentTable create(DocumentTableConfig options) {
    DocumentTableConfig config =
        baseConfig()
            .withDeletionVectors(options.deletionVectors())
            .withChangeDataFeed(true)
            .withPartitionColumns(PartitionColumns.parse(BsonDocument.parse("{region: 'string'}")));
    DocumentTable table =
        DocumentTable.create(new FileSystemStorage(root), "db/c", config, Clock.systemUTC());
    if (options.deletionVectors()) {
      table.enableDeletionVectors();
    }
    return table;
  }

  private static DocumentTableConfig baseConfig() {
    return DocumentTableConfig.defaults()
        .withIdEncoding(IdEncoding.INT64)
        .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long'}")));
  }

  /** Regions cycle eu, us/east:1, the number 5 (once) or missing. */
  private static List<BsonDocument> documents(long from, long to) {
    List<BsonDocument> documents = new ArrayList<>();
    LongStream.range(from, to)
        .forEach(
            i -> {
              BsonDocument document =
                  new BsonDocument("_id", new BsonInt64(i)).append("n", new BsonInt64(i));
              switch ((int) (i % 3)) {
                case 0 -> document.append("region", new BsonString("eu"));
                case 1 -> document.append("region", new BsonString(SLASHED));
                default -> {
                  if (i == 2) {
                    document.append("region", new BsonInt32(5));
                  }
                }
              }
              documents.add(document);
            });
    return documents;
  }

  private static void assertEachFileHoldsOnlyItsPartition(DocumentTable table) {
    DocumentSnapshot snapshot = table.snapshot();
    PartitionColumns columns = snapshot.config().partitionColumns();
    for (AddFile file : snapshot.files()) {
      assertThat(file.path())
          .startsWith(
              dev.mongolake.delta.log.FilePaths.encode(
                  columns.folder(file.partitionValues()) + "/"));
      try (var scan = snapshot.scan(List.of(file))) {
        scan.forEachRemaining(
            document ->
                assertThat(columns.valuesOf(document))
                    .as(document.toJson())
                    .isEqualTo(file.partitionValues()));
      }
    }
  }

  private static List<Long> ids(DocumentTable table, String filter) {
    List<Long> ids = new ArrayList<>();
    try (var scan = table.query(BsonDocument.parse(filter))) {
      scan.forEachRemaining(document -> ids.add(document.getInt64("_id").getValue()));
    }
    ids.sort(null);
    return ids;
  }

  private static int filesOpened(DocumentTable table, String filter) {
    try (var scan = table.snapshot().scan(Filter.parse(BsonDocument.parse(filter)))) {
      scan.forEachRemaining(document -> {});
      return scan.metrics().filesOpened();
    }
  }

  /** The snapshot's files as a DuckDB list literal: never a glob, removed files stay on disk. */
  private String liveFiles(DocumentTable table) {
    DocumentSnapshot snapshot = table.snapshot();
    return snapshot.files().stream()
        .map(file -> "'" + root.resolve(snapshot.delta().storagePath(file)) + "'")
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static List<String> columns(Statement statement, String source) throws Exception {
    List<String> names = new ArrayList<>();
    try (ResultSet rows = statement.executeQuery("DESCRIBE SELECT * FROM " + source)) {
      while (rows.next()) {
        names.add(rows.getString("column_name"));
      }
    }
    return names;
  }

  /** delta-kernel's {@code _id} and {@code region} of every row (the variant left out). */
  private static Map<Long, String> kernelRegions(String tablePath) throws IOException {
    StructType read = new StructType().add("_id", LongType.LONG).add("region", StringType.STRING);
    Map<Long, String> regions = new TreeMap<>();
    kernelRows(
        tablePath,
        read,
        row -> regions.put(row.getLong(0), row.isNullAt(1) ? null : row.getString(1)));
    return regions;
  }

  /** Every row delta-kernel reads of the table, in the columns {@code read}. */
  private static void kernelRows(
      String tablePath, StructType read, java.util.function.Consumer<Row> action)
      throws IOException {
    io.delta.kernel.Snapshot snapshot =
        io.delta.kernel.Table.forPath(ENGINE, tablePath).getLatestSnapshot(ENGINE);
    Scan scan = snapshot.getScanBuilder().withReadSchema(read).build();
    Row scanState = scan.getScanState(ENGINE);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(scanState);
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = scan.getScanFiles(ENGINE)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            Row scanFile = files.next();
            CloseableIterator<ColumnarBatch> data =
                ENGINE
                    .getParquetHandler()
                    .readParquetFiles(
                        Utils.singletonCloseableIterator(
                            InternalScanFileUtils.getAddFileStatus(scanFile)),
                        physical,
                        Optional.empty())
                    .map(FileReadResult::getData);
            try (CloseableIterator<FilteredColumnarBatch> logical =
                Scan.transformPhysicalData(ENGINE, scanState, scanFile, data)) {
              while (logical.hasNext()) {
                try (CloseableIterator<Row> rows = logical.next().getRows()) {
                  rows.forEachRemaining(action);
                }
              }
            }
          }
        }
      }
    }
  }
}
