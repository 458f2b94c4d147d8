package dev.mongolake.bench.engine;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.ReadAt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonTimestamp;

/**
 * A read at a past point against the same read of the present, in one process over one lake: a full
 * scan and a 1% range query of a collection through {@code find}, now, at a cluster time before the
 * last two rounds of updates ({@code lake.db(name, ReadAt)}), and at the table version of that time
 * ({@code atTableVersion}); plus what opening the past database costs. The present has one round of
 * updates flushed and one in the buffer; each operation's runs are interleaved across the three
 * sources so that the machine's drift hits them alike.
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.PastReadBench \
 *   --dir /tmp/past-read --docs 500000 --runs 5
 * </pre>
 */
public final class PastReadBench {

  private static final int BATCH = 1_000;

  private PastReadBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int documents = 500_000;
    int runs = 5;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    Files.createDirectories(dir);
    try (MongoLake lake = MongoLake.open(LoadOptions.flushingBySize(dir))) {
      MongoLakeCollection<BsonDocument> items =
          lake.db("bench").collection("items", BsonDocument.class);
      load(items, documents);
      lake.flush();
      BsonTimestamp point = lake.lastWriteTime();
      long version = items.table().orElseThrow().snapshot().version();
      Random random = new Random(11);
      updateTenth(items, documents, random, 1);
      lake.flush();
      updateTenth(items, documents, random, 2);

      Map<String, MongoLakeCollection<BsonDocument>> sources = new LinkedHashMap<>();
      sources.put("present", items);
      sources.put(
          "ReadAt point",
          lake.db("bench", ReadAt.clusterTime(point)).collection("items", BsonDocument.class));
      sources.put("atTableVersion", items.atTableVersion(version));
      // The latest version read the same way: what reading an older version's files costs, apart.
      sources.put(
          "latest version", items.atTableVersion(items.table().orElseThrow().snapshot().version()));

      System.out.printf(
          "%d documents; %d runs each, interleaved; median ms (all runs)%n", documents, runs);
      int size = documents;
      measureAll("full scan", runs, sources, c -> drain(c, new BsonDocument()));
      measureAll(
          "range 1% on n",
          runs,
          sources,
          c -> {
            int from = random.nextInt(size - size / 100);
            return drain(
                c,
                new BsonDocument(
                    "n",
                    new BsonDocument("$gte", new BsonInt32(from))
                        .append("$lt", new BsonInt32(from + size / 100))));
          });
      double[] opens = new double[runs];
      for (int run = 0; run < runs; run++) {
        long start = System.nanoTime();
        lake.db("bench", ReadAt.clusterTime(point)).collection("items").countDocuments();
        opens[run] = (System.nanoTime() - start) / 1e6;
      }
      report("open past db + count", "ReadAt point", opens);
    }
  }

  private interface Operation {
    long run(MongoLakeCollection<BsonDocument> collection);
  }

  private static void measureAll(
      String name,
      int runs,
      Map<String, MongoLakeCollection<BsonDocument>> sources,
      Operation operation) {
    Map<String, double[]> millis = new LinkedHashMap<>();
    sources.keySet().forEach(source -> millis.put(source, new double[runs]));
    for (int run = 0; run < runs; run++) {
      for (var source : sources.entrySet()) {
        long start = System.nanoTime();
        operation.run(source.getValue());
        millis.get(source.getKey())[run] = (System.nanoTime() - start) / 1e6;
      }
    }
    millis.forEach((source, values) -> report(name, source, values));
  }

  private static void report(String name, String source, double[] millis) {
    double[] sorted = millis.clone();
    Arrays.sort(sorted);
    System.out.printf(
        "%-22s %-16s median %10.1f ms  %s%n",
        name,
        source,
        sorted[sorted.length / 2],
        Arrays.toString(Arrays.stream(millis).map(Math::round).toArray()));
  }

  private static long drain(MongoLakeCollection<BsonDocument> items, BsonDocument filter) {
    long n = 0;
    try (MongoLakeCursor<BsonDocument> cursor = items.find(filter).iterator()) {
      while (cursor.hasNext()) {
        cursor.next();
        n++;
      }
    }
    return n;
  }

  private static void load(MongoLakeCollection<BsonDocument> items, int documents) {
    String pad = "x".repeat(200);
    List<BsonDocument> batch = new ArrayList<>(BATCH);
    for (int i = 0; i < documents; i++) {
      batch.add(
          new BsonDocument("_id", new BsonInt32(i))
              .append("n", new BsonInt32(i))
              .append("round", new BsonInt32(0))
              .append("pad", new BsonString(pad)));
      if (batch.size() == BATCH) {
        items.insertMany(batch);
        batch = new ArrayList<>(BATCH);
      }
    }
    if (!batch.isEmpty()) {
      items.insertMany(batch);
    }
  }

  /** Sets {@code round} on a random tenth of the documents, by {@code _id}. */
  private static void updateTenth(
      MongoLakeCollection<BsonDocument> items, int documents, Random random, int round) {
    for (int i = 0; i < documents / 10; i++) {
      items.updateOne(
          new BsonDocument("_id", new BsonInt32(random.nextInt(documents))),
          new BsonDocument("$set", new BsonDocument("round", new BsonInt32(round))));
    }
  }
}
