package dev.mongolake.bench.wire;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * The cost of retryable writes: {@code insertOne} against one MongoLake server running as a replica
 * set of one, from a client with {@code retryWrites=true} (each insert carries {@code lsid} and
 * {@code txnNumber}: the server checks the session out, looks the statement up and logs it with the
 * insert) and one with {@code retryWrites=false}, in alternating rounds, medians side by side.
 *
 * <p>Usage: {@code RetryableWriteCost [--seconds S] [--rounds N] [--clients 1,4] [--durability
 * batch|strict|async]}; {@code async} leaves the disk's sync out, so that what remains is the CPU
 * cost.
 */
public final class RetryableWriteCost {

  private RetryableWriteCost() {}

  /** One measured round: operations per second and the median latency in microseconds. */
  record Round(double opsPerSecond, double medianMicros) {}

  public static void main(String[] args) throws Exception {
    double seconds = 3;
    int rounds = 5;
    List<Integer> clients = List.of(1, 4);
    Durability durability = Durability.BATCH;
    for (int i = 0; i < args.length; i += 2) {
      switch (args[i]) {
        case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        case "--clients" ->
            clients =
                java.util.Arrays.stream(args[i + 1].split(",")).map(Integer::valueOf).toList();
        case "--durability" ->
            durability = Durability.valueOf(args[i + 1].toUpperCase(Locale.ROOT));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path dir = Files.createTempDirectory("retryable-write-cost");
    try {
      run(dir, seconds, rounds, clients, durability, System.out);
    } finally {
      try (var paths = Files.walk(dir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      }
    }
  }

  /** Runs every round and prints the table; returns the medians, retryable first, per count. */
  static List<Round[]> run(
      Path dir,
      double seconds,
      int rounds,
      List<Integer> counts,
      Durability durability,
      PrintStream out)
      throws InterruptedException, IOException {
    out.printf(
        Locale.ROOT, "durability %s, load average at start: %.2f%n", durability, loadAverage());
    List<Round[]> medians = new ArrayList<>();
    try (MongoLakeServer server =
        MongoLakeServer.start(
            new ServerConfig(dir, "127.0.0.1", 0, false, durability, List.of("bench"))
                .withReplication(ReplicationConfig.replicaSet("rs0")),
            "bench")) {
      String base = "mongodb://127.0.0.1:" + server.port() + "/?replicaSet=rs0&maxPoolSize=64&";
      try (MongoClient retrying = MongoClients.create(base + "retryWrites=true");
          MongoClient plain = MongoClients.create(base + "retryWrites=false")) {
        long nanos = (long) (seconds * 1e9);
        for (int clients : counts) {
          // Warm-up of both paths, not measured.
          measure(collection(retrying, "warm"), clients, nanos);
          measure(collection(plain, "warm"), clients, nanos);
          List<Round> with = new ArrayList<>();
          List<Round> without = new ArrayList<>();
          for (int round = 0; round < rounds; round++) {
            // Which side goes first alternates, so that neither always follows the other's
            // background work (flushes of the buffer the previous round filled).
            if (round % 2 == 0) {
              with.add(measure(collection(retrying, "with" + round), clients, nanos));
              without.add(measure(collection(plain, "without" + round), clients, nanos));
            } else {
              without.add(measure(collection(plain, "without" + round), clients, nanos));
              with.add(measure(collection(retrying, "with" + round), clients, nanos));
            }
          }
          Round a = median(with);
          Round b = median(without);
          medians.add(new Round[] {a, b});
          out.printf(
              Locale.ROOT,
              "| insertOne | %d | %.0f ops/s, %.0f us | %.0f ops/s, %.0f us | %+.1f%% |%n",
              clients,
              a.opsPerSecond(),
              a.medianMicros(),
              b.opsPerSecond(),
              b.medianMicros(),
              (b.opsPerSecond() - a.opsPerSecond()) / b.opsPerSecond() * 100);
        }
      }
    }
    out.printf(Locale.ROOT, "load average at end: %.2f%n", loadAverage());
    return medians;
  }

  private static MongoCollection<Document> collection(MongoClient client, String name) {
    return client.getDatabase("bench").getCollection(name);
  }

  /** {@code clients} threads inserting for {@code nanos}. */
  private static Round measure(MongoCollection<Document> collection, int clients, long nanos)
      throws InterruptedException {
    AtomicLong operations = new AtomicLong();
    List<long[]> latencies = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    long end = System.nanoTime() + nanos;
    for (int c = 0; c < clients; c++) {
      long[] samples = new long[1 << 20];
      latencies.add(samples);
      int slot = c;
      threads.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    int n = 0;
                    long now;
                    while ((now = System.nanoTime()) < end) {
                      collection.insertOne(
                          WireWorkload.document(new ObjectId(), slot * 10_000_000 + n));
                      long took = System.nanoTime() - now;
                      if (n < samples.length) {
                        samples[n] = took;
                      }
                      n++;
                    }
                    operations.addAndGet(n);
                    latencies.set(
                        slot, java.util.Arrays.copyOf(samples, Math.min(n, samples.length)));
                  }));
    }
    for (Thread thread : threads) {
      thread.join();
    }
    long[] all = latencies.stream().flatMapToLong(java.util.Arrays::stream).sorted().toArray();
    double median = all.length == 0 ? 0 : all[all.length / 2] / 1000.0;
    return new Round(operations.get() / (nanos / 1e9), median);
  }

  private static Round median(List<Round> rounds) {
    List<Round> byRate =
        rounds.stream().sorted(Comparator.comparingDouble(Round::opsPerSecond)).toList();
    List<Round> byLatency =
        rounds.stream().sorted(Comparator.comparingDouble(Round::medianMicros)).toList();
    return new Round(
        byRate.get(rounds.size() / 2).opsPerSecond(),
        byLatency.get(rounds.size() / 2).medianMicros());
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
