package dev.mongolake.bench.engine;

import dev.mongolake.CollectionTableConfigs;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * What a flush of a few updates to a flushed collection costs, with deletion vectors off
 * (copy-on-write: the files holding the old versions are rewritten) and on (their rows are marked
 * in a vector, the new versions go into one new file): table bytes written per updated document and
 * flush time, in one process, the two lakes side by side. Each round updates a fresh random set of
 * distinct {@code _id}s and flushes; the rounds alternate between the two lakes.
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.DeletionVectorFlushBench \
 *   --dir /tmp/dv-flush --docs 100000 --updates 1000 --rounds 5
 * </pre>
 */
public final class DeletionVectorFlushBench {

  private static final int BATCH = 1_000;

  private DeletionVectorFlushBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int documents = 100_000;
    int updates = 1_000;
    int rounds = 5;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--updates" -> updates = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    Path off = Files.createDirectories(dir.resolve("vectors-off"));
    Path on = Files.createDirectories(dir.resolve("vectors-on"));
    try (MongoLake offLake = open(off, false);
        MongoLake onLake = open(on, true)) {
      MongoLakeCollection<BsonDocument> offItems = items(offLake);
      MongoLakeCollection<BsonDocument> onItems = items(onLake);
      load(offItems, documents);
      offLake.flush();
      load(onItems, documents);
      onLake.flush();
      System.out.printf(
          "%d documents (%s of table files), %d updates by _id per flush, %d rounds%n",
          documents, mib(tableBytes(off)), updates, rounds);
      double[][] millis = new double[2][rounds];
      double[][] bytesPerUpdate = new double[2][rounds];
      Random random = new Random(7);
      for (int round = 0; round < rounds; round++) {
        Set<Integer> ids = distinctIds(random, documents, updates);
        int index = 0;
        for (Path lakeDir : List.of(off, on)) {
          MongoLake lake = lakeDir == off ? offLake : onLake;
          MongoLakeCollection<BsonDocument> items = lakeDir == off ? offItems : onItems;
          for (int id : ids) {
            items.updateOne(
                new BsonDocument("_id", new BsonInt32(id)),
                new BsonDocument("$set", new BsonDocument("round", new BsonInt32(round + 1))));
          }
          long before = tableBytes(lakeDir);
          long start = System.nanoTime();
          lake.flush();
          millis[index][round] = (System.nanoTime() - start) / 1e6;
          bytesPerUpdate[index][round] = (tableBytes(lakeDir) - before) / (double) ids.size();
          index++;
        }
      }
      report("vectors off", millis[0], bytesPerUpdate[0]);
      report("vectors on", millis[1], bytesPerUpdate[1]);
      if (offItems.countDocuments() != onItems.countDocuments()) {
        throw new IllegalStateException("The two lakes differ in their document count");
      }
    }
  }

  private static MongoLake open(Path dir, boolean deletionVectors) {
    return MongoLake.open(
        LoadOptions.flushingBySize(dir)
            .withTableConfigs(CollectionTableConfigs.plain().withDeletionVectors(deletionVectors)));
  }

  private static MongoLakeCollection<BsonDocument> items(MongoLake lake) {
    return lake.db("bench").collection("items", BsonDocument.class);
  }

  private static Set<Integer> distinctIds(Random random, int documents, int count) {
    Set<Integer> ids = new LinkedHashSet<>();
    while (ids.size() < count) {
      ids.add(random.nextInt(documents));
    }
    return ids;
  }

  private static void report(String name, double[] millis, double[] bytesPerUpdate) {
    System.out.printf(
        "%-12s flush median %8.1f ms %s   table bytes written per updated document median %10.0f"
            + " %s%n",
        name,
        median(millis),
        Arrays.toString(Arrays.stream(millis).map(Math::round).toArray()),
        median(bytesPerUpdate),
        Arrays.toString(Arrays.stream(bytesPerUpdate).map(Math::round).toArray()));
  }

  private static String text(Random random, int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(chars);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static String mib(long bytes) {
    return String.format("%.1f MiB", bytes / 1024.0 / 1024.0);
  }

  /** Every file under the lake's root but its write-ahead log: data, vectors, Delta log. */
  private static long tableBytes(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(Files::isRegularFile)
          .filter(p -> !root.relativize(p).toString().startsWith("_wal"))
          .mapToLong(
              p -> {
                try {
                  return Files.size(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              })
          .sum();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Documents of about 1 KiB that do not compress away (random text), the same in both lakes. */
  private static void load(MongoLakeCollection<BsonDocument> items, int documents) {
    Random random = new Random(3);
    List<BsonDocument> batch = new ArrayList<>(BATCH);
    for (int i = 0; i < documents; i++) {
      batch.add(
          new BsonDocument("_id", new BsonInt32(i))
              .append("n", new BsonInt32(i))
              .append("round", new BsonInt32(0))
              .append("text", new BsonString(text(random, 800))));
      if (batch.size() == BATCH) {
        items.insertMany(batch);
        batch = new ArrayList<>(BATCH);
      }
    }
    if (!batch.isEmpty()) {
      items.insertMany(batch);
    }
  }
}
