package dev.mongolake.delta.s3;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.TableDefinition;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A rough measurement, not a test: small writeIfAbsent throughput (commit-sized files) and
 * blind-append Delta commits on the filesystem and on s3proxy, and the cost of listing the tail of
 * a 100,000-entry folder. Run it by hand with the test classpath; numbers go to BENCHMARKS.md,
 * nothing is asserted.
 */
public final class WriteIfAbsentThroughputProbe {

  private static final byte[] COMMIT =
      ("{\"commitInfo\":{\"timestamp\":1764489600000,\"operation\":\"WRITE\"}}\n"
              + "{\"add\":{\"path\":\"part-00000-0b9f2c1e.zstd.parquet\",\"size\":4096,"
              + "\"modificationTime\":1764489600000,\"dataChange\":true,"
              + "\"stats\":\"{\\\"numRecords\\\":100}\"}}\n")
          .getBytes(UTF_8);

  private WriteIfAbsentThroughputProbe() {}

  public static void main(String[] args) throws Exception {
    Path temp = Files.createTempDirectory("storage-probe-");
    try (Storage fs = new FileSystemStorage(temp.resolve("fs"))) {
      measure("filesystem", fs, 2_000);
      measureCommits("filesystem", fs, 400);
      measureListing(temp.resolve("listing"));
    }
    S3ProxyExtension s3proxy = new S3ProxyExtension();
    s3proxy.beforeAll(null);
    try (Storage s3 = Storage.create(s3proxy.location("probe"))) {
      measure("s3proxy", s3, 500);
      measureCommits("s3proxy", s3, 200);
    } finally {
      s3proxy.afterAll(null);
    }
  }

  private static void measure(String name, Storage storage, int writes) throws Exception {
    for (int i = 0; i < 100; i++) {
      storage.writeIfAbsent("warm/_delta_log/%020d.json".formatted(i), COMMIT);
    }
    for (int threads : new int[] {1, 8}) {
      String table = "t" + threads;
      AtomicInteger next = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      long start = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int v = next.getAndIncrement(); v < writes; v = next.getAndIncrement()) {
                    storage.writeIfAbsent(table + "/_delta_log/%020d.json".formatted(v), COMMIT);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      long nanos = System.nanoTime() - start;
      pool.shutdown();
      System.out.printf(
          "%s writeIfAbsent %d x %d B, %d thread(s): %.0f writes/s, %.2f ms per write%n",
          name, writes, COMMIT.length, threads, writes / (nanos / 1e9), nanos / 1e6 / writes);
    }
  }

  /**
   * Blind-append Delta commits of one small file each through {@link DeltaTable}: 1 writer, then 4
   * writers on one table (they race for each version; losers re-read the winner and retry).
   */
  private static void measureCommits(String name, Storage storage, int commits) throws Exception {
    for (int writers : new int[] {1, 4}) {
      String path = "commits-" + writers;
      DeltaTable.create(
          storage,
          path,
          TableDefinition.of(StructType.of(StructField.of("n", PrimitiveType.LONG))),
          DeltaTableOptions.defaults());
      AtomicInteger next = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(writers);
      long start = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        DeltaTable table = DeltaTable.forPath(storage, path);
        done.add(
            pool.submit(
                () -> {
                  for (int i = next.getAndIncrement(); i < commits; i = next.getAndIncrement()) {
                    table
                        .startTransaction()
                        .add(AddFile.of("append-" + i + ".parquet", Map.of(), 100, 1, null))
                        .commit();
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      long nanos = System.nanoTime() - start;
      pool.shutdown();
      System.out.printf(
          "%s blind-append commits, %d writer(s): %.0f commits/s (%d commits, checkpoint every 10)%n",
          name, writers, commits / (nanos / 1e9), commits);
    }
  }

  private static void measureListing(Path root) throws Exception {
    Path log = Files.createDirectories(root.resolve("t/_delta_log"));
    for (int v = 0; v < 100_000; v++) {
      Files.write(log.resolve("%020d.json".formatted(v)), COMMIT);
    }
    try (Storage storage = new FileSystemStorage(root)) {
      for (int round = 0; round < 3; round++) {
        long start = System.nanoTime();
        int tail =
            storage.list("t/_delta_log/", "t/_delta_log/%020d.json".formatted(99_990)).size();
        long tailNanos = System.nanoTime() - start;
        start = System.nanoTime();
        int all = storage.list("t/_delta_log/", "").size();
        long allNanos = System.nanoTime() - start;
        System.out.printf(
            "filesystem list of a 100,000-entry _delta_log: tail (%d entries) %.1f ms, all (%d) %.0f ms%n",
            tail, tailNanos / 1e6, all, allNanos / 1e6);
      }
    }
  }
}
