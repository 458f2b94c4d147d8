package dev.mongolake.bench.wire;

import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ReplicationConfig;
import dev.mongolake.server.ServerConfig;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * What a transaction costs: ten documents written by one MongoLake server (a replica set of one),
 * through the Java driver, as a transaction of ten {@code insertOne} ({@code withTransaction}: ten
 * statements, then a commit that makes one log record durable) against ten single retryable {@code
 * insertOne} (ten log records, each durable before its reply) and one {@code insertMany} of ten, in
 * rotating rounds; the medians per unit of ten documents side by side.
 *
 * <p>Usage: {@code TransactionCost [--seconds S] [--rounds N] [--clients 1,8] [--durability
 * batch|strict|async]}.
 */
public final class TransactionCost {

  private static final int DOCUMENTS = 10;

  private TransactionCost() {}

  /** One measured round: units of ten documents per second, and the median unit in µs. */
  record Round(double unitsPerSecond, double medianMicros) {}

  /** One way of writing ten documents. */
  private interface Unit {
    void write(MongoClient client, MongoCollection<Document> collection, int slot, int n);
  }

  public static void main(String[] args) throws Exception {
    double seconds = 3;
    int rounds = 5;
    List<Integer> clients = List.of(1, 8);
    Durability durability = Durability.BATCH;
    for (int i = 0; i < args.length; i += 2) {
      switch (args[i]) {
        case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        case "--clients" ->
            clients = Arrays.stream(args[i + 1].split(",")).map(Integer::valueOf).toList();
        case "--durability" ->
            durability = Durability.valueOf(args[i + 1].toUpperCase(Locale.ROOT));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path dir = Files.createTempDirectory("transaction-cost");
    System.out.printf(
        Locale.ROOT,
        "durability %s, load average at start: %.2f%n",
        durability,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    List<String> names = List.of("transaction of 10", "10 single inserts", "insertMany of 10");
    List<Unit> units =
        List.of(TransactionCost::transaction, TransactionCost::singles, TransactionCost::many);
    try (MongoLakeServer server =
            MongoLakeServer.start(
                new ServerConfig(dir, "127.0.0.1", 0, false, durability, List.of("bench"))
                    .withReplication(ReplicationConfig.replicaSet("rs0")),
                "bench");
        MongoClient client =
            MongoClients.create(
                "mongodb://127.0.0.1:" + server.port() + "/?replicaSet=rs0&maxPoolSize=64")) {
      long nanos = (long) (seconds * 1e9);
      System.out.println(
          "| clients | way | units/s (10 documents) | median unit | vs transaction |");
      System.out.println("| --- | --- | --- | --- | --- |");
      for (int count : clients) {
        for (int u = 0; u < units.size(); u++) {
          measure(client, "warm" + u, units.get(u), count, nanos / 2);
        }
        List<List<Round>> results = new ArrayList<>();
        units.forEach(unit -> results.add(new ArrayList<>()));
        for (int round = 0; round < rounds; round++) {
          for (int k = 0; k < units.size(); k++) {
            // The order rotates so that no way always follows another's background flush.
            int u = (round + k) % units.size();
            results.get(u).add(measure(client, "r" + round + "u" + u, units.get(u), count, nanos));
          }
        }
        Round base = median(results.get(0));
        for (int u = 0; u < units.size(); u++) {
          Round m = median(results.get(u));
          System.out.printf(
              Locale.ROOT,
              "| %d | %s | %.0f | %.0f µs | %.2fx |%n",
              count,
              names.get(u),
              m.unitsPerSecond(),
              m.medianMicros(),
              m.unitsPerSecond() / base.unitsPerSecond());
        }
      }
    }
    System.out.printf(
        Locale.ROOT,
        "load average at end: %.2f%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static Document document(int slot, int n, int i) {
    return WireWorkload.document(new ObjectId(), slot * 10_000_000 + n * DOCUMENTS + i);
  }

  private static void transaction(
      MongoClient client, MongoCollection<Document> collection, int slot, int n) {
    try (ClientSession session = client.startSession()) {
      session.withTransaction(
          () -> {
            for (int i = 0; i < DOCUMENTS; i++) {
              collection.insertOne(session, document(slot, n, i));
            }
            return null;
          });
    }
  }

  private static void singles(
      MongoClient client, MongoCollection<Document> collection, int slot, int n) {
    for (int i = 0; i < DOCUMENTS; i++) {
      collection.insertOne(document(slot, n, i));
    }
  }

  private static void many(
      MongoClient client, MongoCollection<Document> collection, int slot, int n) {
    List<Document> batch = new ArrayList<>(DOCUMENTS);
    for (int i = 0; i < DOCUMENTS; i++) {
      batch.add(document(slot, n, i));
    }
    collection.insertMany(batch);
  }

  private static Round measure(MongoClient client, String name, Unit unit, int clients, long nanos)
      throws InterruptedException {
    MongoCollection<Document> collection = client.getDatabase("bench").getCollection(name);
    AtomicLong units = new AtomicLong();
    long[][] latencies = new long[clients][];
    List<Thread> threads = new ArrayList<>();
    long end = System.nanoTime() + nanos;
    for (int c = 0; c < clients; c++) {
      int slot = c;
      threads.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    long[] samples = new long[1 << 18];
                    int n = 0;
                    long now;
                    while ((now = System.nanoTime()) < end) {
                      unit.write(client, collection, slot, n);
                      if (n < samples.length) {
                        samples[n] = System.nanoTime() - now;
                      }
                      n++;
                    }
                    units.addAndGet(n);
                    latencies[slot] = Arrays.copyOf(samples, Math.min(n, samples.length));
                  }));
    }
    for (Thread thread : threads) {
      thread.join();
    }
    long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
    return new Round(
        units.get() / (nanos / 1e9), all.length == 0 ? 0 : all[all.length / 2] / 1000.0);
  }

  private static Round median(List<Round> rounds) {
    List<Round> byRate =
        rounds.stream().sorted(Comparator.comparingDouble(Round::unitsPerSecond)).toList();
    List<Round> byLatency =
        rounds.stream().sorted(Comparator.comparingDouble(Round::medianMicros)).toList();
    return new Round(
        byRate.get(rounds.size() / 2).unitsPerSecond(),
        byLatency.get(rounds.size() / 2).medianMicros());
  }
}
