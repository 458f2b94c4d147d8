package dev.mongolake.bench.engine;

import com.mongodb.client.model.Indexes;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * Counts and an aggregation's leading {@code $match} against the same find, on a flushed collection
 * with an index on {@code n}: {@code countDocuments({})}, {@code estimatedDocumentCount()}, the
 * pipeline the Java driver sends for {@code countDocuments} (with an empty and an indexed filter),
 * {@code aggregate([{$match: {n: x}}])} and {@code find({n: x})}. Each operation runs {@code
 * --runs} times (median reported), after one untimed indexed find. Uses only API older than the
 * aggregate prefix, so the same class measures an earlier build's classes on the same data:
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.CountAndMatchBench \
 *   --dir /tmp/count-bench --docs 1000000 --load
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.CountAndMatchBench \
 *   --dir /tmp/count-bench --docs 1000000
 * </pre>
 */
public final class CountAndMatchBench {

  private static final int BATCH = 1_000;

  private CountAndMatchBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int documents = 1_000_000;
    int runs = 3;
    boolean load = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--load" -> load = true;
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    if (load) {
      load(dir, documents);
      return;
    }
    try (MongoLake lake = MongoLake.open(LoadOptions.flushingBySize(dir))) {
      MongoLakeCollection<BsonDocument> items =
          lake.db("bench").collection("items", BsonDocument.class);
      Random random = new Random(7);
      BsonDocument empty = new BsonDocument();
      // Untimed: the first indexed read loads the index and the first data file's metadata.
      items.find(eq(random.nextInt(documents))).first();
      measure("countDocuments({})", runs, items::countDocuments);
      measure("estimatedDocumentCount()", runs, items::estimatedDocumentCount);
      measure("driver countDocuments({}) pipeline", runs, () -> drain(items, countPipeline(empty)));
      int size = documents;
      measure("countDocuments({n: x})", runs, () -> items.countDocuments(eq(random.nextInt(size))));
      measure(
          "driver countDocuments({n: x}) pipeline",
          runs,
          () -> drain(items, countPipeline(eq(random.nextInt(size)))));
      measure(
          "aggregate([{$match: {n: x}}])",
          runs,
          () -> drain(items, List.of(new BsonDocument("$match", eq(random.nextInt(size))))));
      measure(
          "find({n: x})",
          runs,
          () -> {
            long n = 0;
            try (MongoLakeCursor<BsonDocument> cursor =
                items.find(eq(random.nextInt(size))).iterator()) {
              while (cursor.hasNext()) {
                cursor.next();
                n++;
              }
            }
            return n;
          });
    }
  }

  private static BsonDocument eq(int n) {
    return new BsonDocument("n", new BsonInt32(n));
  }

  /** What the Java driver sends for {@code countDocuments(filter)}. */
  private static List<BsonDocument> countPipeline(BsonDocument filter) {
    return List.of(
        new BsonDocument("$match", filter), BsonDocument.parse("{$group: {_id: 1, n: {$sum: 1}}}"));
  }

  private static long drain(MongoLakeCollection<BsonDocument> items, List<BsonDocument> pipeline) {
    long n = 0;
    try (MongoLakeCursor<BsonDocument> cursor = items.aggregate(pipeline)) {
      while (cursor.hasNext()) {
        cursor.next();
        n++;
      }
    }
    return n;
  }

  private static void measure(String name, int runs, LongSupplier operation) {
    double[] millis = new double[runs];
    long result = 0;
    for (int run = 0; run < runs; run++) {
      long start = System.nanoTime();
      result = operation.getAsLong();
      millis[run] = (System.nanoTime() - start) / 1e6;
    }
    double[] sorted = millis.clone();
    Arrays.sort(sorted);
    System.out.printf(
        "%-40s median %10.2f ms  runs %s  result %d%n",
        name, sorted[runs / 2], Arrays.toString(round(millis)), result);
  }

  private static String[] round(double[] values) {
    String[] out = new String[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = String.format("%.2f", values[i]);
    }
    return out;
  }

  private static void load(Path dir, int documents) throws Exception {
    Files.createDirectories(dir);
    String pad = "x".repeat(200);
    try (MongoLake lake = MongoLake.open(LoadOptions.flushingBySize(dir))) {
      MongoLakeCollection<BsonDocument> items =
          lake.db("bench").collection("items", BsonDocument.class);
      long start = System.nanoTime();
      List<BsonDocument> batch = new ArrayList<>(BATCH);
      for (int i = 0; i < documents; i++) {
        batch.add(
            new BsonDocument("_id", new BsonInt32(i))
                .append("n", new BsonInt32(i))
                .append("k", new BsonInt32(i % 100))
                .append("pad", new BsonString(pad)));
        if (batch.size() == BATCH) {
          items.insertMany(batch);
          batch = new ArrayList<>(BATCH);
        }
      }
      if (!batch.isEmpty()) {
        items.insertMany(batch);
      }
      items.createIndex(Indexes.ascending("n"));
      lake.flush();
      System.out.printf(
          "loaded %d documents in %.1f s%n", documents, (System.nanoTime() - start) / 1e9);
    }
  }
}
