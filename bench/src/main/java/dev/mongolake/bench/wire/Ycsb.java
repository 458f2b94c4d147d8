package dev.mongolake.bench.wire;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;

import com.mongodb.client.MongoCollection;
import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Percentiles;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.logging.LogSettings;
import dev.mongolake.server.logging.LogSetup;
import dev.mongolake.server.net.ConnectionThreads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;

/**
 * A YCSB-like harness through the wire: the official Java driver against a MongoLake server and
 * against the in-memory peer (mongo-java-server), both in this process on 127.0.0.1. Each server
 * gets {@code --docs} records of ten 100-byte fields ({@code _id} {@code "user"} plus a hashed
 * number, so loading order is not key order); MongoLake's are flushed to its Delta table ({@code
 * fsync}) before the first cell. Then for each workload (read share 50% = YCSB A, 95% = B, 100% =
 * C; the rest update one field by {@code _id}), key distribution (uniform or zipfian) and client
 * thread count, each server runs a warm-up and a measured run; the peer goes first in odd cells,
 * MongoLake in even ones. Updates on MongoLake go to its buffer and are flushed in the background
 * as usual, so reads meet both buffered and flushed records.
 *
 * <p>Prints one Markdown row per cell: throughput of each, their ratio (MongoLake / peer), p50/p99
 * of reads and updates on each, and the bytes MongoLake's table grew by per updated document (its
 * warm-up and measured updates, flushed after the run, over the successful updates: what updates
 * cost the table's storage, the write-ahead log aside). With {@code --report-seconds} each measured
 * run also prints its throughput per interval to standard error, to show whether a long run stays
 * steady through flushes and compactions.
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.wire.Ycsb \
 *   --docs 100000 --seconds 30 --threads 1,8,32
 * </pre>
 */
public final class Ycsb {

  private static final String COLLECTION = "usertable";
  private static final int FIELDS = 10;
  private static final int FIELD_BYTES = 100;
  private static final int LOAD_BATCH = 1_000;
  private static final int SAMPLES_PER_RUN = 100_000;

  private Ycsb() {}

  public static void main(String[] args) throws Exception {
    YcsbOptions options;
    try {
      options = YcsbOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    if (System.getProperty("logback.configurationFile") == null) {
      LogSetup.apply(new LogSettings(LogLevel.WARN, LogFormat.TEXT, null));
    }
    Path data =
        options.dir() != null
            ? Files.createDirectories(options.dir())
            : Files.createTempDirectory(Files.createDirectories(Path.of("target")), "ycsb-");
    System.err.printf(
        "ycsb: %,d records, %.0f s per cell (+%.0f s warm-up), threads %s, workloads %s, keys %s,"
            + " data %s%n",
        options.documents(),
        options.seconds(),
        options.warmUpSeconds(),
        options.threads(),
        options.workloads(),
        options.distributions(),
        data.toAbsolutePath());
    List<String> rows = new ArrayList<>();
    try (WireTarget peer = WireTarget.peer(options.maxThreads());
        WireTarget ours =
            WireTarget.mongoLake(
                data, options.maxThreads(), ConnectionThreads.EVENT_LOOP, Durability.BATCH)) {
      for (WireTarget target : List.of(peer, ours)) {
        long start = System.nanoTime();
        load(target, options.documents());
        System.err.printf(
            "  loaded %s in %.1f s%n", target.name(), (System.nanoTime() - start) / 1e9);
      }
      // Every record in MongoLake's Delta table: reads start from the flushed files.
      ours.database().runCommand(new Document("fsync", 1));
      int cell = 0;
      for (int readShare : options.workloads()) {
        for (String distribution : options.distributions()) {
          YcsbKeys keys = YcsbKeys.of(distribution, options.documents());
          for (int threads : options.threads()) {
            List<WireTarget> order = cell++ % 2 == 0 ? List.of(peer, ours) : List.of(ours, peer);
            Result peerResult = null;
            Result ourResult = null;
            long tableBytes = 0;
            for (WireTarget target : order) {
              long bytesBefore = target == ours ? tableBytes(data) : 0;
              Result warmUp = run(target, readShare, keys, threads, options.warmUpSeconds(), 0);
              Result result =
                  run(target, readShare, keys, threads, options.seconds(), options.reportSeconds());
              if (target == ours && readShare < 100) {
                // Outside the timed run: the updates' flush is what their bytes are measured by.
                ours.database().runCommand(new Document("fsync", 1));
                tableBytes =
                    (tableBytes(data) - bytesBefore)
                        / Math.max(1, warmUp.updatesDone() + result.updatesDone());
              }
              System.err.printf(
                  "  %3d%% reads %-7s %2d threads %-4s %,9.0f ops/s reads %s updates %s%s%n",
                  readShare,
                  distribution,
                  threads,
                  target.name(),
                  result.rate(),
                  result.reads(),
                  result.updates(),
                  result.failures() > 0 ? "  FAILURES " + result.failures() : "");
              if (target == ours) {
                ourResult = result;
              } else {
                peerResult = result;
              }
            }
            rows.add(row(readShare, distribution, threads, ourResult, peerResult, tableBytes));
          }
        }
      }
    }
    System.out.println(
        "| workload | keys | threads | peer ops/s | MongoLake ops/s | ratio | MongoLake read p50 /"
            + " p99 | MongoLake update p50 / p99 | peer read p50 / p99 | peer update p50 / p99 |"
            + " table bytes per update |");
    System.out.println("|---|---|---:|---:|---:|---:|---|---|---|---|---:|");
    rows.forEach(System.out::println);
  }

  private static String row(
      int readShare,
      String distribution,
      int threads,
      Result ours,
      Result peer,
      long tableBytesPerUpdate) {
    String workload =
        switch (readShare) {
          case 50 -> "A 50/50";
          case 95 -> "B 95/5";
          case 100 -> "C read-only";
          default -> readShare + "/" + (100 - readShare);
        };
    return String.format(
        "| %s | %s | %d | %,.0f | %,.0f | %.2f | %s | %s | %s | %s | %s |",
        workload,
        distribution,
        threads,
        peer.rate(),
        ours.rate(),
        ours.rate() / peer.rate(),
        ours.reads(),
        ours.updates(),
        peer.reads(),
        peer.updates(),
        readShare == 100 ? "-" : String.format("%,d", tableBytesPerUpdate));
  }

  /** The bytes of every file of MongoLake's collection table (data, vectors and Delta log). */
  private static long tableBytes(Path data) throws java.io.IOException {
    Path table = data.resolve(WireTarget.DATABASE).resolve(COLLECTION);
    if (!Files.isDirectory(table)) {
      return 0;
    }
    try (var files = Files.walk(table)) {
      return files.filter(Files::isRegularFile).mapToLong(Ycsb::sizeOf).sum();
    }
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (java.io.IOException e) {
      // Vacuum or a compaction may delete a file between the listing and the size.
      return 0;
    }
  }

  /** The {@code _id} of record {@code i}: hashed, so that load order is not key order. */
  static String key(int i) {
    long hash = 0xcbf29ce484222325L;
    for (int shift = 0; shift < 32; shift += 8) {
      hash ^= (i >>> shift) & 0xff;
      hash *= 0x100000001b3L;
    }
    return "user" + Long.toUnsignedString(hash) + "-" + i;
  }

  private static String value(SplittableRandom random) {
    char[] text = new char[FIELD_BYTES];
    for (int i = 0; i < text.length; i++) {
      text[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(text);
  }

  private static void load(WireTarget target, int documents) {
    // Each server starts empty: nothing to drop.
    MongoCollection<Document> collection = target.database().getCollection(COLLECTION);
    SplittableRandom random = new SplittableRandom(1);
    List<Document> batch = new ArrayList<>(LOAD_BATCH);
    for (int i = 0; i < documents; i++) {
      Document record = new Document("_id", key(i));
      for (int field = 0; field < FIELDS; field++) {
        record.append("field" + field, value(random));
      }
      batch.add(record);
      if (batch.size() == LOAD_BATCH || i == documents - 1) {
        collection.insertMany(batch);
        batch = new ArrayList<>(LOAD_BATCH);
      }
    }
  }

  /**
   * What one timed run did.
   *
   * @param failures reads that found nothing, updates that matched nothing, and errors
   * @param updatesDone updates that matched their record
   */
  private record Result(
      double rate, Percentiles reads, Percentiles updates, long failures, long updatesDone) {}

  /**
   * One timed run of {@code threads} clients; with {@code reportSeconds > 0} its throughput per
   * interval of that length goes to standard error as it runs.
   */
  private static Result run(
      WireTarget target,
      int readShare,
      YcsbKeys keys,
      int threads,
      double seconds,
      double reportSeconds)
      throws Exception {
    MongoCollection<Document> collection = target.database().getCollection(COLLECTION);
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    long[] deadline = new long[1];
    int capacity = Math.max(1_000, SAMPLES_PER_RUN / threads);
    List<LatencySampler> reads = new ArrayList<>();
    List<LatencySampler> updates = new ArrayList<>();
    List<Future<long[]>> futures = new ArrayList<>();
    java.util.concurrent.atomic.LongAdder completed = new java.util.concurrent.atomic.LongAdder();
    long start;
    try (ExecutorService executor =
        Executors.newThreadPerTaskExecutor(
            Thread.ofPlatform().name("ycsb-client-", 0).daemon().factory())) {
      for (int t = 0; t < threads; t++) {
        LatencySampler readTimes = new LatencySampler(capacity);
        LatencySampler updateTimes = new LatencySampler(capacity);
        reads.add(readTimes);
        updates.add(updateTimes);
        SplittableRandom random = new SplittableRandom(31L * t + readShare);
        futures.add(
            executor.submit(
                () -> {
                  ready.countDown();
                  go.await();
                  long operations = 0;
                  long failures = 0;
                  long updated = 0;
                  long now = System.nanoTime();
                  while (now < deadline[0]) {
                    String id = key(keys.next(random));
                    boolean read = random.nextInt(100) < readShare;
                    boolean ok;
                    try {
                      ok =
                          read
                              ? collection.find(eq("_id", id)).first() != null
                              : collection
                                      .updateOne(
                                          eq("_id", id),
                                          set("field" + random.nextInt(FIELDS), value(random)))
                                      .getMatchedCount()
                                  == 1;
                    } catch (RuntimeException e) {
                      ok = false;
                    }
                    long done = System.nanoTime();
                    (read ? readTimes : updateTimes).record(done - now);
                    operations++;
                    failures += ok ? 0 : 1;
                    updated += ok && !read ? 1 : 0;
                    completed.increment();
                    now = done;
                  }
                  return new long[] {operations, failures, updated};
                }));
      }
      ready.await();
      start = System.nanoTime();
      deadline[0] = start + (long) (seconds * 1e9);
      go.countDown();
      if (reportSeconds > 0) {
        report(target.name(), completed, start, deadline[0], reportSeconds);
      }
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    long operations = 0;
    long failures = 0;
    long updated = 0;
    for (Future<long[]> future : futures) {
      long[] counts = future.get();
      operations += counts[0];
      failures += counts[1];
      updated += counts[2];
    }
    return new Result(
        (operations - failures) / elapsed,
        readShare == 0 ? Percentiles.NONE : LatencySampler.percentiles(reads),
        readShare == 100 ? Percentiles.NONE : LatencySampler.percentiles(updates),
        failures,
        updated);
  }

  /** Prints the operations per second of each interval until {@code deadline}. */
  private static void report(
      String name,
      java.util.concurrent.atomic.LongAdder completed,
      long start,
      long deadline,
      double intervalSeconds)
      throws InterruptedException {
    long interval = (long) (intervalSeconds * 1e9);
    long last = 0;
    for (long next = start + interval; next <= deadline; next += interval) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
      }
      long now = completed.sum();
      System.err.printf(
          "    %s %5.0f s %,9.0f ops/s%n",
          name, (next - start) / 1e9, (now - last) / intervalSeconds);
      last = now;
    }
  }
}
