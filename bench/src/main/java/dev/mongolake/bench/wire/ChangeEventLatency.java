package dev.mongolake.bench.wire;

import com.mongodb.client.MongoChangeStreamCursor;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.Document;

/**
 * Change event latency through the wire: one MongoLake server running as a replica set of one,
 * {@code W} Java-driver clients each watching the collection ({@code collection.watch()}, an
 * awaitData getMore per batch), and one client inserting paced documents. A sample is the time from
 * the insert's acknowledgement reaching the inserting client to the event reaching a watcher (an
 * event may arrive before the acknowledgement does; such samples count as 0 and are reported).
 *
 * <p>Usage: {@code ChangeEventLatency [--watchers 1,100] [--inserts 500] [--gap-ms 2] [--durability
 * batch|strict|async]}.
 */
public final class ChangeEventLatency {

  private ChangeEventLatency() {}

  public static void main(String[] args) throws Exception {
    List<Integer> watchers = List.of(1, 100);
    int inserts = 500;
    long gapMillis = 2;
    Durability durability = Durability.BATCH;
    for (int i = 0; i < args.length; i += 2) {
      switch (args[i]) {
        case "--watchers" ->
            watchers = Arrays.stream(args[i + 1].split(",")).map(Integer::valueOf).toList();
        case "--inserts" -> inserts = Integer.parseInt(args[i + 1]);
        case "--gap-ms" -> gapMillis = Long.parseLong(args[i + 1]);
        case "--durability" ->
            durability = Durability.valueOf(args[i + 1].toUpperCase(Locale.ROOT));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path dir = Files.createTempDirectory("change-event-latency");
    try {
      run(dir, watchers, inserts, gapMillis, durability, System.out);
    } finally {
      try (var paths = Files.walk(dir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      }
    }
  }

  static void run(
      Path dir,
      List<Integer> counts,
      int inserts,
      long gapMillis,
      Durability durability,
      PrintStream out)
      throws Exception {
    out.printf(
        Locale.ROOT,
        "durability %s, %d inserts %d ms apart, load average at start: %.2f%n",
        durability,
        inserts,
        gapMillis,
        loadAverage());
    out.println("| watchers | events | p50 | p90 | p99 | max | before the ack |");
    out.println("| --- | --- | --- | --- | --- | --- | --- |");
    try (MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(dir, "127.0.0.1", 0, false, durability, List.of("bench"))
                .withReplication(ReplicationConfig.replicaSet("rs0")),
            "bench")) {
      int maxWatchers = counts.stream().mapToInt(Integer::intValue).max().orElse(1);
      String uri =
          "mongodb://127.0.0.1:"
              + server.port()
              + "/?replicaSet=rs0&maxPoolSize="
              + (maxWatchers + 8);
      try (MongoClient client = MongoClients.create(uri)) {
        for (int watchers : counts) {
          MongoCollection<Document> collection =
              client.getDatabase("bench").getCollection("events" + watchers);
          collection.insertOne(new Document("warm", true));
          long[] samples = measure(collection, watchers, inserts, gapMillis);
          int early = (int) Arrays.stream(samples).filter(s -> s <= 0).count();
          long[] sorted = Arrays.stream(samples).map(s -> Math.max(0, s)).sorted().toArray();
          out.printf(
              Locale.ROOT,
              "| %d | %d | %s | %s | %s | %s | %.1f%% |%n",
              watchers,
              sorted.length,
              millis(percentile(sorted, 0.50)),
              millis(percentile(sorted, 0.90)),
              millis(percentile(sorted, 0.99)),
              millis(sorted[sorted.length - 1]),
              100.0 * early / sorted.length);
        }
      }
    }
    out.printf(Locale.ROOT, "load average at end: %.2f%n", loadAverage());
  }

  /** Every watcher's sample per insert: delivery time minus acknowledgement time, in nanos. */
  private static long[] measure(
      MongoCollection<Document> collection, int watchers, int inserts, long gapMillis)
      throws Exception {
    AtomicLongArray acknowledged = new AtomicLongArray(inserts);
    long[][] delivered = new long[watchers][inserts];
    CountDownLatch open = new CountDownLatch(watchers);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < watchers; w++) {
      long[] mine = delivered[w];
      threads.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    try (MongoChangeStreamCursor<ChangeStreamDocument<Document>> cursor =
                        collection.watch().maxAwaitTime(1, TimeUnit.SECONDS).cursor()) {
                      open.countDown();
                      for (int seen = 0; seen < inserts; seen++) {
                        ChangeStreamDocument<Document> event = cursor.next();
                        long now = System.nanoTime();
                        mine[event.getFullDocument().getInteger("i")] = now;
                      }
                    } catch (Throwable t) {
                      failure.compareAndSet(null, t);
                      open.countDown();
                    }
                  }));
    }
    if (!open.await(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException("watchers did not open their streams");
    }
    for (int i = 0; i < inserts; i++) {
      collection.insertOne(new Document("i", i).append("payload", "x".repeat(100)));
      acknowledged.set(i, System.nanoTime());
      Thread.sleep(gapMillis);
    }
    for (Thread thread : threads) {
      thread.join(TimeUnit.MINUTES.toMillis(2));
      if (thread.isAlive()) {
        throw new IllegalStateException("a watcher did not receive every event");
      }
    }
    if (failure.get() != null) {
      throw new IllegalStateException("a watcher failed", failure.get());
    }
    long[] samples = new long[watchers * inserts];
    int n = 0;
    for (long[] watcher : delivered) {
      for (int i = 0; i < inserts; i++) {
        samples[n++] = watcher[i] - acknowledged.get(i);
      }
    }
    return samples;
  }

  private static long percentile(long[] sorted, double p) {
    return sorted[Math.min(sorted.length - 1, (int) (p * sorted.length))];
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
