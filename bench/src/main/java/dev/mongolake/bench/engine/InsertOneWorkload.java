package dev.mongolake.bench.engine;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.bench.LatencySampler;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * insertOne of small documents from 1, 16 and 64 concurrent callers (virtual threads), batch
 * durability, against the same number of producers appending the same bytes to a bare daktilo log:
 * the log's group commit is the ceiling, so the ratio is the engine's own overhead.
 */
final class InsertOneWorkload {

  private InsertOneWorkload() {}

  static List<EngineRow> run(EngineOptions options, Path root) throws Exception {
    List<EngineRow> rows = new ArrayList<>();
    for (int clients : options.clients()) {
      List<Double> log = new ArrayList<>();
      List<Double> engine = new ArrayList<>();
      List<LatencySampler> latencies = new ArrayList<>();
      for (int round = 1; round <= options.rounds(); round++) {
        Path dir = Files.createDirectories(root.resolve("insertOne-" + clients + "-" + round));
        log.add(logRate(dir.resolve("log"), clients, options.budgetNanos()));
        engine.add(engineRate(dir.resolve("lake"), clients, options.budgetNanos(), latencies));
        System.err.printf(
            "insertOne x%d round %d: log %.0f ops/s, MongoLake %.0f ops/s%n",
            clients, round, log.getLast(), engine.getLast());
      }
      rows.add(
          new EngineRow(
              "insertOne, " + clients + " callers",
              "daktilo append, " + clients + " producers",
              Medians.of(log),
              Medians.of(engine),
              LatencySampler.percentiles(latencies)));
    }
    return rows;
  }

  private static BsonDocument document(int caller, long i) {
    return new BsonDocument("caller", new BsonInt32(caller))
        .append("i", new BsonInt32((int) i))
        .append("name", new BsonString("user-" + caller + "-" + i))
        .append("email", new BsonString("user" + i + "@example.com"));
  }

  private static double logRate(Path dir, int clients, long budget) throws Exception {
    BsonDocumentCodec codec = new BsonDocumentCodec();
    try (Daktilo log =
        Daktilo.open(dir, DaktiloOptions.defaults().withDurability(Durability.BATCH))) {
      return drive(
          clients,
          budget,
          new ArrayList<>(),
          caller ->
              i -> {
                var buffer = new RawBsonDocument(document(caller, i), codec).getByteBuffer();
                byte[] bytes = new byte[buffer.remaining()];
                buffer.get(bytes);
                log.append(bytes);
              });
    }
  }

  private static double engineRate(
      Path dir, int clients, long budget, List<LatencySampler> latencies) throws Exception {
    try (MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults().withPath(dir).withDurability(Durability.BATCH))) {
      MongoLakeCollection<BsonDocument> collection =
          lake.db("bench").collection("small", BsonDocument.class);
      return drive(
          clients, budget, latencies, caller -> i -> collection.insertOne(document(caller, i)));
    }
  }

  interface Operation {
    void run(long i) throws Exception;
  }

  /** Runs {@code clients} virtual threads for {@code budget} ns; returns operations per second. */
  static double drive(
      int clients,
      long budget,
      List<LatencySampler> latencies,
      java.util.function.IntFunction<Operation> operations)
      throws InterruptedException {
    AtomicLong done = new AtomicLong();
    long start = System.nanoTime();
    long deadline = start + budget;
    List<Thread> threads = new ArrayList<>();
    List<LatencySampler> samplers = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      LatencySampler sampler = new LatencySampler(20_000);
      samplers.add(sampler);
      Operation operation = operations.apply(c);
      threads.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    long i = 0;
                    try {
                      while (System.nanoTime() < deadline) {
                        long t0 = System.nanoTime();
                        operation.run(i++);
                        sampler.record(System.nanoTime() - t0);
                        done.incrementAndGet();
                      }
                    } catch (Exception e) {
                      throw new IllegalStateException(e);
                    }
                  }));
    }
    for (Thread thread : threads) {
      thread.join();
    }
    latencies.addAll(samplers);
    return done.get() * 1e9 / (System.nanoTime() - start);
  }
}
