package dev.mongolake.bench.delta;

import dev.mongolake.delta.CommitListener;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.iceberg.IcebergMetadata;
import dev.mongolake.delta.iceberg.IcebergMetadataListener;
import dev.mongolake.delta.iceberg.IcebergMirrorStats;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The cost of Iceberg metadata per Delta commit: two document tables side by side on one disk, one
 * with the Iceberg listener and one without, written alternately with the same batches (each write
 * is one Parquet file and one Delta commit, as an engine flush of one collection). Reports the
 * median commit time of each, their ratio, the median time inside the listener, and what its
 * background mirror wrote (snapshots for how many versions) and how long closing it took.
 *
 * <p>Usage: {@code IcebergMetadataBenchmark [commits] [documentsPerCommit] [dir] [fs|memory]};
 * defaults 300 commits of 1,000 documents in a temp folder under {@code ./target} on the filesystem
 * ({@code memory} keeps both tables in a memory storage, to tell I/O from CPU). The first 20% of
 * commits are warm-up and not counted.
 */
public final class IcebergMetadataBenchmark {

  private IcebergMetadataBenchmark() {}

  public static void main(String[] args) throws IOException {
    int commits = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int documents = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
    Path parent = Path.of(args.length > 2 ? args[2] : "target");
    Files.createDirectories(parent);
    Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "iceberg-bench");
    DocumentTableConfig config =
        DocumentTableConfig.defaults()
            .withIdEncoding(IdEncoding.INT64)
            .withSchema(DocumentSchema.parse(BsonDocument.parse("{n: 'long', s: 'string'}")));
    boolean memory = args.length > 3 && args[3].equals("memory");
    TimedListener iceberg =
        new TimedListener(
            memory ? IcebergMetadata.listener("memory://bench/") : IcebergMetadata.listener());
    try (Storage storage = memory ? new MemoryStorage() : new FileSystemStorage(dir)) {
      DocumentTable plain =
          DocumentTable.create(
              storage,
              "plain",
              config,
              Clock.systemUTC(),
              UUID.randomUUID().toString(),
              DeltaTableOptions.defaults());
      DocumentTable mirrored =
          DocumentTable.create(
              storage,
              "mirrored",
              config,
              Clock.systemUTC(),
              UUID.randomUUID().toString(),
              DeltaTableOptions.defaults().withCommitListener(iceberg));
      int warmUp = commits / 5;
      long[] plainNanos = new long[commits - warmUp];
      long[] mirroredNanos = new long[commits - warmUp];
      iceberg.nanos.clear();
      for (int commit = 0; commit < commits; commit++) {
        List<BsonDocument> batch = batch((long) commit * documents, documents);
        // Alternate which table goes first so that neither always meets a warmer page cache.
        boolean plainFirst = commit % 2 == 0;
        long a = plainFirst ? time(plain, batch) : 0;
        long b = time(mirrored, batch);
        if (!plainFirst) {
          a = time(plain, batch);
        }
        if (commit >= warmUp) {
          plainNanos[commit - warmUp] = a;
          mirroredNanos[commit - warmUp] = b;
        }
      }
      long[] listener =
          iceberg.nanos.subList(warmUp + 1, iceberg.nanos.size()).stream()
              .mapToLong(Long::longValue)
              .toArray();
      double plainMs = median(plainNanos) / 1e6;
      double mirroredMs = median(mirroredNanos) / 1e6;
      double listenerMs = median(listener) / 1e6;
      System.out.printf(
          "%d commits of %d documents (%d counted); Delta version %d%n",
          commits, documents, plainNanos.length, mirrored.delta().snapshot().version());
      System.out.printf("median commit without Iceberg: %.2f ms%n", plainMs);
      System.out.printf("median commit with Iceberg:    %.2f ms%n", mirroredMs);
      System.out.printf("ratio with / without:          %.3f%n", mirroredMs / plainMs);
      System.out.printf(
          "median time in the Iceberg listener: %.2f ms (%.1f%% of the plain commit)%n",
          listenerMs, 100 * listenerMs / plainMs);
      long drainStart = System.nanoTime();
      iceberg.delegate.close();
      IcebergMirrorStats stats = iceberg.delegate.stats();
      System.out.printf(
          "background mirror: %d Iceberg snapshots for %d Delta versions, %d failures;"
              + " %.1f ms to finish at close%n",
          stats.snapshots(),
          stats.versions(),
          stats.failures(),
          (System.nanoTime() - drainStart) / 1e6);
    }
  }

  private static long time(DocumentTable table, List<BsonDocument> batch) {
    long start = System.nanoTime();
    table.write(batch);
    return System.nanoTime() - start;
  }

  private static List<BsonDocument> batch(long first, int count) {
    List<BsonDocument> batch = new ArrayList<>(count);
    for (long id = first; id < first + count; id++) {
      batch.add(
          new BsonDocument("_id", new BsonInt64(id))
              .append("n", new BsonInt64(id))
              .append("s", new BsonString("value-" + id))
              .append("tags", new BsonString("t" + (id % 17))));
    }
    return batch;
  }

  private static double median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
  }

  /** Times each call of the listener it wraps. */
  private static final class TimedListener implements CommitListener {
    private final IcebergMetadataListener delegate;
    private final List<Long> nanos = new ArrayList<>();

    TimedListener(IcebergMetadataListener delegate) {
      this.delegate = delegate;
    }

    @Override
    public void committed(dev.mongolake.delta.DeltaTable table, long version) {
      long start = System.nanoTime();
      try {
        delegate.committed(table, version);
      } finally {
        nanos.add(System.nanoTime() - start);
      }
    }
  }
}
