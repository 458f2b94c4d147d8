package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.PARTITIONED;
import static dev.mongolake.delta.TestTables.file;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.storage.FileSystemStorage;
import io.delta.kernel.Scan;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.SnapshotImpl;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables we write (commits, removes, checkpoints) read identically by delta-kernel, per version.
 */
class DeltaKernelReadsOurTablesTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();

  @TempDir Path dir;

  @Test
  void everyVersionOfOurTableReadsTheSameInDeltaKernel() throws IOException {
    MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    DeltaTableOptions options = DeltaTableOptions.defaults().withClock(clock);
    DeltaTable table;
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      table = DeltaTable.create(storage, "events", PARTITIONED, options);
      AddFile previous = null;
      for (int v = 1; v <= 23; v++) {
        clock.advance(Duration.ofSeconds(1));
        AddFile added = file("part-" + v + " with space.parquet", "2026-01-0" + (v % 5), 100 + v);
        Transaction txn = table.startTransaction().add(added);
        if (v % 4 == 0) {
          txn.remove(previous);
        }
        txn.commit();
        previous = added;
      }
      assertThat(
              Files.exists(
                  dir.resolve("events/_delta_log/00000000000000000020.checkpoint.parquet")))
          .isTrue();
      Path tableDir = dir.resolve("events");
      for (long v = 0; v <= 23; v++) {
        Snapshot ours = table.snapshotAt(v);
        io.delta.kernel.Snapshot kernel =
            io.delta.kernel.Table.forPath(ENGINE, tableDir.toString())
                .getSnapshotAsOfVersion(ENGINE, v);
        assertThat(kernelFiles(kernel)).as("version %d", v).isEqualTo(ourFiles(tableDir, ours));
        assertThat(((SnapshotImpl) kernel).getMetadata().getSchemaString())
            .isEqualTo(ours.metadata().schemaString());
        assertThat(kernel.getPartitionColumnNames()).containsExactly("day");
      }
      // The latest version comes from the checkpoint at 20 plus three commits in both readers.
      io.delta.kernel.Snapshot latest =
          io.delta.kernel.Table.forPath(ENGINE, tableDir.toString()).getLatestSnapshot(ENGINE);
      assertThat(latest.getVersion()).isEqualTo(23);
      assertThat(kernelFiles(latest)).isEqualTo(ourFiles(tableDir, table.snapshot()));
    }
  }

  @Test
  void deltaKernelReadsTableFeaturesWeWrite() throws IOException {
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      DeltaTable table =
          DeltaTable.create(
              storage,
              "ict",
              new TableDefinition(
                  TestTables.SCHEMA,
                  List.of(),
                  Map.of("delta.enableInCommitTimestamps", "true"),
                  null),
              DeltaTableOptions.defaults());
      table.startTransaction().add(file("a.parquet", "x", 5)).commit();
      io.delta.kernel.Snapshot kernel =
          io.delta.kernel.Table.forPath(ENGINE, dir.resolve("ict").toString())
              .getLatestSnapshot(ENGINE);
      SnapshotImpl impl = (SnapshotImpl) kernel;
      assertThat(impl.getProtocol().getMinWriterVersion()).isEqualTo(7);
      assertThat(impl.getProtocol().getWriterFeatures()).contains("inCommitTimestamp");
      assertThat(kernel.getVersion()).isEqualTo(1);
    }
  }

  @Test
  void deltaKernelReadsOurV2SpecCheckpointAndLateInCommitTimestamps() throws IOException {
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      DeltaTable table =
          DeltaTable.create(storage, "v2", PARTITIONED, DeltaTableOptions.defaults());
      Snapshot base = table.snapshot();
      Map<String, String> configuration = new java.util.HashMap<>(base.metadata().configuration());
      configuration.put("delta.enableInCommitTimestamps", "true");
      table
          .startTransaction(base)
          .updateProtocol(
              new dev.mongolake.delta.log.Protocol(
                  3,
                  7,
                  List.of("v2Checkpoint"),
                  List.of("appendOnly", "invariants", "v2Checkpoint", "inCommitTimestamp")))
          .updateMetadata(base.metadata().withConfiguration(configuration))
          .commit();
      for (int v = 2; v <= 12; v++) {
        table.startTransaction().add(file("f" + v + ".parquet", "d", v)).commit();
      }
      assertThat(Files.exists(dir.resolve("v2/_delta_log/00000000000000000010.checkpoint.parquet")))
          .isTrue();
      Path tableDir = dir.resolve("v2");
      io.delta.kernel.Snapshot latest =
          io.delta.kernel.Table.forPath(ENGINE, tableDir.toString()).getLatestSnapshot(ENGINE);
      assertThat(latest.getVersion()).isEqualTo(12);
      assertThat(kernelFiles(latest)).isEqualTo(ourFiles(tableDir, table.snapshot()));
      assertThat(((SnapshotImpl) latest).getTimestamp(ENGINE))
          .isEqualTo(table.history(1).getFirst().timestamp().toEpochMilli());
    }
  }

  static Map<String, String> ourFiles(Path tableDir, Snapshot snapshot) {
    Map<String, String> files = new TreeMap<>();
    for (AddFile add : snapshot.files()) {
      String decoded = dev.mongolake.delta.log.FilePaths.decode(add.path());
      files.put(
          tableDir.resolve(decoded).normalize().toString(),
          add.size() + "|" + new TreeMap<>(add.partitionValues()));
    }
    return files;
  }

  static Map<String, String> kernelFiles(io.delta.kernel.Snapshot snapshot) throws IOException {
    Map<String, String> files = new TreeMap<>();
    Scan scan = snapshot.getScanBuilder().build();
    try (CloseableIterator<FilteredColumnarBatch> batches = scan.getScanFiles(ENGINE)) {
      while (batches.hasNext()) {
        try (CloseableIterator<Row> rows = batches.next().getRows()) {
          while (rows.hasNext()) {
            Row row = rows.next();
            FileStatus status = InternalScanFileUtils.getAddFileStatus(row);
            String path =
                status.getPath().startsWith("file:")
                    ? status.getPath().substring(5)
                    : status.getPath();
            files.put(
                Path.of(path).normalize().toString(),
                status.getSize()
                    + "|"
                    + new TreeMap<>(InternalScanFileUtils.getPartitionValues(row)));
          }
        }
      }
    }
    return files;
  }
}
