package dev.mongolake.bench.delta;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.TableDefinition;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Delta log figures on the filesystem backend: loading the latest snapshot of a table with many
 * commits and files from a checkpoint plus 9 commits (time to protocol + metadata, time to the full
 * file list, heap held by the snapshot), and the rate of small blind-append commits.
 *
 * <p>Usage: {@code DeltaLogBenchmark [commits] [filesPerCommit] [dir]}; defaults 10,000 commits of
 * 10 files (100,000 files) in a temp folder under {@code ./target}.
 */
public final class DeltaLogBenchmark {

  private static final String STATS =
      "{\"numRecords\":10,\"minValues\":{\"n\":1},\"maxValues\":{\"n\":9},\"nullCount\":{\"n\":0}}";

  private DeltaLogBenchmark() {}

  public static void main(String[] args) throws IOException {
    int commits = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int filesPerCommit = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    Path parent = Path.of(args.length > 2 ? args[2] : "target");
    Files.createDirectories(parent);
    Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "delta-bench");
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      long start = System.nanoTime();
      StructType schema =
          StructType.of(
              StructField.of("_id", PrimitiveType.STRING), StructField.of("n", PrimitiveType.LONG));
      DeltaTable.create(
          storage,
          "t",
          TableDefinition.of(schema),
          DeltaTableOptions.defaults().withCheckpoints(false));
      for (int version = 1; version < commits; version++) {
        List<Action> actions = new ArrayList<>();
        actions.add(new CommitInfo(Map.of("operation", "WRITE")));
        for (int f = 0; f < filesPerCommit; f++) {
          actions.add(
              AddFile.of("part-" + version + "-" + f + ".parquet", Map.of(), 1000, 1, STATS));
        }
        storage.writeIfAbsent(
            "t/_delta_log/%020d.json".formatted(version), ActionCodec.encode(actions));
      }
      long checkpointVersion = commits - 10;
      DeltaTable writer = DeltaTable.forPath(storage, "t");
      writer.checkpoint(writer.snapshotAt(checkpointVersion));
      System.out.printf(
          "table: %d commits x %d files, checkpoint at %d; setup %.1f s%n",
          commits, filesPerCommit, checkpointVersion, (System.nanoTime() - start) / 1e9);

      for (int run = 0; run < 5; run++) {
        System.gc();
        long heapBefore = usedHeap();
        long t0 = System.nanoTime();
        Snapshot snapshot = DeltaTable.forPath(storage, "t").snapshot();
        long metadataNanos = System.nanoTime() - t0;
        int files = snapshot.fileCount();
        long totalNanos = System.nanoTime() - t0;
        System.gc();
        long heldMb = (usedHeap() - heapBefore) >> 20;
        System.out.printf(
            "snapshot load %d: version %d, %d files, protocol+metadata %.0f ms, file list %.0f ms,"
                + " heap held ~%d MiB%n",
            run, snapshot.version(), files, metadataNanos / 1e6, totalNanos / 1e6, heldMb);
        if (snapshot.version() < 0) {
          throw new IllegalStateException("unreachable: keeps the snapshot alive until measured");
        }
      }

      DeltaTable appender =
          DeltaTable.forPath(storage, "t", DeltaTableOptions.defaults().withCheckpoints(false));
      appender.snapshot().fileCount();
      int appends = 200;
      long t0 = System.nanoTime();
      for (int i = 0; i < appends; i++) {
        appender
            .startTransaction()
            .add(AddFile.of("append-" + i + ".parquet", Map.of(), 1, 1, null))
            .commit();
      }
      System.out.printf(
          "blind appends: %.0f commits/s (%d commits)%n",
          appends / ((System.nanoTime() - t0) / 1e9), appends);
    }
  }

  private static long usedHeap() {
    Runtime runtime = Runtime.getRuntime();
    return runtime.totalMemory() - runtime.freeMemory();
  }
}
