package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * delta-kernel reads the deletion vectors our document tables write: inline and in vector files,
 * from commits and from a checkpoint, at every version.
 */
class DeltaKernelReadsOurDeletionVectorsTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();

  @TempDir Path root;

  @Test
  void deltaKernelReadsTheRowsLeftByUpdatesAndDeletesByVectorAlsoFromACheckpoint()
      throws IOException {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(root),
            "db/c",
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT32)
                .withRowGroupSizeBytes(1024)
                .withDeletionVectors(true),
            Clock.systemUTC());
    table.write(documents(0, 1000));
    table.write(documents(1000, 1500));
    TreeSet<Integer> live = range(0, 1500);
    // Version 3: one update and one delete, inline vectors.
    table.commit(
        new TableChanges(List.of(), List.of(document(10).append("x", new BsonInt32(1))), ids(11)),
        null,
        0);
    live.remove(11);
    // Version 4: a vector too large to inline, in a vector file.
    List<BsonValue> many = new ArrayList<>();
    for (int i = 1; i < 1000; i += 2) {
      many.add(new BsonInt32(i));
      live.remove(i);
    }
    table.commit(new TableChanges(List.of(), List.of(), many), null, 0);
    String path = root.resolve("db/c").toString();

    assertThat(table.snapshot().files())
        .anyMatch(
            f ->
                f.deletionVector() != null
                    && f.deletionVector().storageType().equals(DeletionVectorLocation.RELATIVE));
    assertThat(kernelIds(path, 3)).isEqualTo(without(range(0, 1500), 11));
    assertThat(kernelIds(path, 4)).isEqualTo(live).isEqualTo(ourIds(table));

    table.delta().checkpoint(table.delta().snapshot());
    // Without the commits before it, the files and their vectors come from the checkpoint.
    for (int version = 0; version < 4; version++) {
      Files.delete(root.resolve("db/c/_delta_log/%020d.json".formatted(version)));
    }
    assertThat(kernelIds(path, 4)).isEqualTo(live);
    DocumentTable reopened =
        DocumentTable.open(new FileSystemStorage(root), "db/c", Clock.systemUTC()).orElseThrow();
    assertThat(ourIds(reopened)).isEqualTo(live);
  }

  private static BsonDocument document(int id) {
    return new BsonDocument("_id", new BsonInt32(id)).append("n", new BsonInt32(id));
  }

  private static List<BsonDocument> documents(int from, int to) {
    return IntStream.range(from, to)
        .mapToObj(DeltaKernelReadsOurDeletionVectorsTest::document)
        .toList();
  }

  private static List<BsonValue> ids(int... ids) {
    return IntStream.of(ids).mapToObj(i -> (BsonValue) new BsonInt32(i)).toList();
  }

  private static TreeSet<Integer> range(int from, int to) {
    return IntStream.range(from, to).boxed().collect(Collectors.toCollection(TreeSet::new));
  }

  private static TreeSet<Integer> without(TreeSet<Integer> ids, int id) {
    ids.remove(id);
    return ids;
  }

  private static TreeSet<Integer> ourIds(DocumentTable table) {
    TreeSet<Integer> ids = new TreeSet<>();
    try (var scan = table.snapshot().scan()) {
      scan.forEachRemaining(d -> ids.add(d.getInt32("_id").getValue()));
    }
    return ids;
  }

  /** The {@code _id}s delta-kernel's default engine reads at {@code version}, vectors applied. */
  private static TreeSet<Integer> kernelIds(String tablePath, long version) throws IOException {
    io.delta.kernel.Snapshot snapshot =
        io.delta.kernel.Table.forPath(ENGINE, tablePath).getSnapshotAsOfVersion(ENGINE, version);
    StructType idOnly = new StructType().add(snapshot.getSchema().get("_id"));
    Scan scan = snapshot.getScanBuilder().withReadSchema(idOnly).build();
    Row scanState = scan.getScanState(ENGINE);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(scanState);
    TreeSet<Integer> ids = new TreeSet<>();
    try (CloseableIterator<FilteredColumnarBatch> scanFiles = scan.getScanFiles(ENGINE)) {
      while (scanFiles.hasNext()) {
        try (CloseableIterator<Row> files = scanFiles.next().getRows()) {
          while (files.hasNext()) {
            Row scanFile = files.next();
            FileStatus status = InternalScanFileUtils.getAddFileStatus(scanFile);
            CloseableIterator<ColumnarBatch> data =
                ENGINE
                    .getParquetHandler()
                    .readParquetFiles(
                        Utils.singletonCloseableIterator(status), physical, Optional.empty())
                    .map(FileReadResult::getData);
            try (CloseableIterator<FilteredColumnarBatch> rows =
                Scan.transformPhysicalData(ENGINE, scanState, scanFile, data)) {
              while (rows.hasNext()) {
                try (CloseableIterator<Row> batch = rows.next().getRows()) {
                  while (batch.hasNext()) {
                    ids.add(batch.next().getInt(0));
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
