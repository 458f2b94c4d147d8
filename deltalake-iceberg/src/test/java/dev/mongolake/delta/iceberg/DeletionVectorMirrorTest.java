package dev.mongolake.delta.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.KernelEngines;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
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
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.LongStream;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delta files with deletion vectors, mirrored as Iceberg v3 deletion vectors: the rows an Iceberg
 * reader sees (iceberg-core planning the files and reading their vectors) are the rows delta-kernel
 * reads from the same table, vectors applied.
 */
class DeletionVectorMirrorTest {
  private static final Engine KERNEL = KernelEngines.local();

  @TempDir Path root;

  private final IcebergMetadataListener listener = IcebergMetadata.listener();

  @AfterEach
  void closeListener() {
    listener.close();
  }

  @Test
  void deletedAndReplacedRowsAreHiddenByIcebergDeletionVectors() throws Exception {
    DocumentTable table = create();
    table.write(batch(0, 20));
    table.write(batch(20, 20));
    awaitMirrored();

    // Version 3 marks rows of the first file deleted; version 4 replaces a row of the second.
    table.commit(new TableChanges(List.of(), List.of(), ids(3, 4, 5)), null, 0);
    awaitMirrored();
    assertSameRows(table);
    table.commit(
        new TableChanges(
            List.of(), List.of(person(25).append("s", new BsonString("x"))), List.of()),
        null,
        0);
    awaitMirrored();
    assertSameRows(table);

    // A second vector for the first file replaces its first one.
    table.commit(new TableChanges(List.of(), List.of(), ids(10, 11)), null, 0);
    awaitMirrored();

    assertSameRows(table);
    assertThat(liveIds(iceberg())).hasSize(40 - 5).doesNotContain(3L, 4L, 5L, 10L, 11L);
    assertThat(vectorsPerFile(iceberg())).containsOnly(0, 1).contains(1);
  }

  @Test
  void versionsWithVectorsCoalescedIntoOneSnapshotShowTheNewestVectors() throws Exception {
    DocumentTable table = create();
    table.write(batch(0, 20));
    awaitMirrored();
    DocumentTable withoutListener =
        DocumentTable.open(new FileSystemStorage(root), "db/c", Clock.systemUTC()).orElseThrow();
    withoutListener.write(batch(20, 20));
    withoutListener.commit(new TableChanges(List.of(), List.of(), ids(1, 2, 21)), null, 0);
    withoutListener.commit(new TableChanges(List.of(), List.of(), ids(7, 22)), null, 0);
    withoutListener.commit(
        new TableChanges(
            List.of(), List.of(person(30).append("s", new BsonString("x"))), List.of()),
        null,
        0);

    table.write(batch(40, 5));
    awaitMirrored();

    assertThat(iceberg().currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_FIRST_VERSION, "2")
        .containsEntry(IcebergMetadata.DELTA_VERSION, "6");
    assertSameRows(table);
    assertThat(liveIds(iceberg())).hasSize(45 - 5);
  }

  @Test
  void versionsWhoseCommitFilesAreGoneAreResyncedWithTheirVectors() throws Exception {
    DocumentTable table = create();
    table.write(batch(0, 20));
    table.write(batch(20, 20));
    awaitMirrored();
    DocumentTable withoutListener =
        DocumentTable.open(new FileSystemStorage(root), "db/c", Clock.systemUTC()).orElseThrow();
    for (long id = 0; id < 8; id++) {
      // Versions 3-10, one deleted row each: a vector on each of the two files, grown 4 times.
      withoutListener.commit(new TableChanges(List.of(), List.of(), ids(id * 5)), null, 0);
    }
    withoutListener.write(batch(40, 5));
    // Delta's log cleanup: the checkpoint of version 10 and the commits after it remain.
    assertThat(tableFolder().resolve("_delta_log/00000000000000000010.checkpoint.parquet"))
        .exists();
    for (long version = 3; version < 10; version++) {
      java.nio.file.Files.delete(
          tableFolder().resolve(String.format("_delta_log/%020d.json", version)));
    }

    // A handle opened now, as a writer that comes after the cleanup.
    DocumentTable reopened =
        DocumentTable.open(
                new FileSystemStorage(root),
                "db/c",
                Clock.systemUTC(),
                DeltaTableOptions.defaults().withCommitListener(listener))
            .orElseThrow();
    reopened.write(batch(45, 5));
    awaitMirrored();

    assertThat(iceberg().currentSnapshot().summary())
        .containsEntry(IcebergMetadata.DELTA_OPERATION, "RESYNC")
        .containsEntry(IcebergMetadata.DELTA_FIRST_VERSION, "3")
        .containsEntry(IcebergMetadata.DELTA_VERSION, "12");
    assertSameRows(reopened);
    assertThat(liveIds(iceberg())).hasSize(50 - 8);
    assertThat(vectorsPerFile(iceberg())).containsOnly(0, 1).contains(1);
  }

  @Test
  void aTableWithVectorsMirroredFromScratchHasThemToo() throws Exception {
    DocumentTable table =
        DocumentTable.create(new FileSystemStorage(root), "db/c", config(), Clock.systemUTC());
    table.write(batch(0, 20));
    table.commit(new TableChanges(List.of(), List.of(), ids(0, 19)), null, 0);

    IcebergMetadata.mirror(table.delta(), listener);

    assertSameRows(table);
    assertThat(liveIds(iceberg())).hasSize(18);
  }

  private void assertSameRows(DocumentTable table) throws IOException {
    assertThat(new TreeSet<>(liveIds(iceberg())))
        .as("Iceberg rows at Delta version %d", table.delta().snapshot().version())
        .isEqualTo(kernelIds(tableFolder()));
    assertThat(liveIds(iceberg())).doesNotHaveDuplicates();
  }

  private static List<Long> liveIds(Table table) {
    return IcebergRowIds.liveIds(table);
  }

  /** How many deletion vectors apply to each data file of the current snapshot. */
  private static List<Integer> vectorsPerFile(Table table) throws IOException {
    List<Integer> counts = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> counts.add(task.deletes().size()));
    }
    return counts;
  }

  private DocumentTable create() {
    return DocumentTable.create(
        new FileSystemStorage(root),
        "db/c",
        config(),
        Clock.systemUTC(),
        UUID.randomUUID().toString(),
        DeltaTableOptions.defaults().withCommitListener(listener));
  }

  private static DocumentTableConfig config() {
    return DocumentTableConfig.defaults()
        .withIdEncoding(IdEncoding.INT64)
        .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long', s: 'string'}")))
        .withDeletionVectors(true);
  }

  private void awaitMirrored() throws InterruptedException {
    assertThat(listener.awaitMirrored(Duration.ofSeconds(30)))
        .as("mirrored within 30 s: %s", listener.stats())
        .isTrue();
  }

  private Path tableFolder() {
    return root.resolve("db/c");
  }

  private Table iceberg() {
    return LocalIcebergTables.load(tableFolder());
  }

  private static List<BsonDocument> batch(long first, int count) {
    return LongStream.range(first, first + count)
        .mapToObj(DeletionVectorMirrorTest::person)
        .toList();
  }

  private static BsonDocument person(long n) {
    return new BsonDocument("_id", new BsonInt64(n))
        .append("n", new BsonInt64(n))
        .append("s", new BsonString("v" + n));
  }

  private static List<BsonValue> ids(long... ids) {
    return LongStream.of(ids).mapToObj(id -> (BsonValue) new BsonInt64(id)).toList();
  }

  /** The {@code _id}s delta-kernel's default engine reads, deletion vectors applied. */
  private static TreeSet<Long> kernelIds(Path tableFolder) throws IOException {
    io.delta.kernel.Snapshot snapshot =
        io.delta.kernel.Table.forPath(KERNEL, tableFolder.toString()).getLatestSnapshot(KERNEL);
    StructType idOnly = new StructType().add(snapshot.getSchema().get("_id"));
    Scan scan = snapshot.getScanBuilder().withReadSchema(idOnly).build();
    Row scanState = scan.getScanState(KERNEL);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(scanState);
    TreeSet<Long> ids = new TreeSet<>();
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = scan.getScanFiles(KERNEL)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            Row scanFile = files.next();
            FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
            CloseableIterator<ColumnarBatch> data =
                KERNEL
                    .getParquetHandler()
                    .readParquetFiles(
                        Utils.singletonCloseableIterator(status), physical, Optional.empty())
                    .map(FileReadResult::getData);
            try (CloseableIterator<FilteredColumnarBatch> rows =
                Scan.transformPhysicalData(KERNEL, scanState, scanFile, data)) {
              while (rows.hasNext()) {
                try (CloseableIterator<Row> batch = rows.next().getRows()) {
                  while (batch.hasNext()) {
                    ids.add(batch.next().getLong(0));
                  }
                }
              }
            }
          }
        }
      }
    }
    return ids;
  }
}
