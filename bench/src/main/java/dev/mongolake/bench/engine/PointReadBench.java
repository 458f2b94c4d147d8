package dev.mongolake.bench.engine;

import static com.mongodb.client.model.Filters.eq;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Percentiles;
import dev.mongolake.bench.documents.SampleDocuments;
import dev.mongolake.delta.parquet.FileMetadataCache;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.ScanMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Point reads by {@code _id} among flushed documents whose ids are uniformly random (strings or
 * ints), so that every data file's {@code _id} range spans the whole key space and the Delta
 * statistics prune nothing. Loads {@code --docs} ~1 KiB documents in {@code --files} flushes (one
 * data file each), then times {@code find(eq("_id", x)).first()} from one caller, and reports from
 * explain what a lookup read (files opened, pages read); then rewrites a tenth of the documents
 * (copy-on-write: every file holds some of them) and measures again. Each lookup reads a document
 * not read before, so the document cache never answers; the files' footers and bloom filters are
 * cached by the first lookups, as in a running server.
 *
 * <p>Besides the engine's {@code find}, it times the table's own lookup ({@code
 * DocumentSnapshot.lookupById}) and, as the baseline, the same lookups through a filtered table
 * scan (the Delta statistics, then each admitted file opened and its row groups pruned by Parquet's
 * own bloom filter check), which is how a point read reached the table before the bloom filters
 * were probed from memory.
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.PointReadBench \
 *   --dir /tmp/point-read --docs 100000 --files 8 --ids string --seconds 10
 * </pre>
 */
public final class PointReadBench {

  private static final int BATCH = 1_000;

  /** Lookups explained per phase for the metrics. */
  private static final int EXPLAINED = 200;

  private PointReadBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int documents = 100_000;
    int files = 8;
    String idType = "string";
    int seconds = 10;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--files" -> files = Integer.parseInt(args[++i]);
        case "--ids" -> idType = args[++i];
        case "--seconds" -> seconds = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    if (!idType.equals("string") && !idType.equals("int")) {
      throw new IllegalArgumentException("--ids must be string or int, not " + idType);
    }
    Files.createDirectories(dir);
    Random random = new Random(17);
    List<BsonValue> ids = randomIds(documents, idType, random);
    try (MongoLake lake = MongoLake.open(LoadOptions.flushingBySize(dir))) {
      MongoLakeCollection<BsonDocument> collection =
          lake.db("bench").collection("points", BsonDocument.class);
      load(lake, collection, ids, files);
      System.out.printf(
          "%,d documents, %s _ids, %d data files%n",
          documents, idType, collection.table().orElseThrow().snapshot().files().size());
      List<BsonValue> order = new ArrayList<>(ids);
      Collections.shuffle(order, random);
      int next = measure("after load", collection, order, 0, seconds);
      rewriteTenth(lake, collection, ids, random);
      System.out.printf(
          "rewrote a tenth of the documents: %d data files%n",
          collection.table().orElseThrow().snapshot().files().size());
      measure("after rewrite", collection, order, next, seconds);
    }
  }

  private static List<BsonValue> randomIds(int count, String type, Random random) {
    Set<BsonValue> ids = new HashSet<>();
    while (ids.size() < count) {
      ids.add(
          type.equals("int")
              ? new BsonInt32(random.nextInt())
              : new BsonString(Long.toHexString(random.nextLong())));
    }
    List<BsonValue> list = new ArrayList<>(ids);
    // HashSet order is not random enough to stand for arrival order: shuffle.
    Collections.shuffle(list, random);
    return list;
  }

  private static void load(
      MongoLake lake,
      MongoLakeCollection<BsonDocument> collection,
      List<BsonValue> ids,
      int files) {
    int perFile = (ids.size() + files - 1) / files;
    int[] loaded = {0};
    SampleDocuments.generate(
        ids.size(),
        7,
        BATCH,
        batch -> {
          for (BsonDocument document : batch) {
            document.put("_id", ids.get(loaded[0]++));
          }
          collection.insertMany(batch);
          if (loaded[0] % perFile < BATCH || loaded[0] == ids.size()) {
            lake.flush();
          }
        });
    lake.flush();
  }

  /** Sets a field on a random tenth of the documents by {@code _id}, then flushes. */
  private static void rewriteTenth(
      MongoLake lake,
      MongoLakeCollection<BsonDocument> collection,
      List<BsonValue> ids,
      Random random) {
    for (int i = 0; i < ids.size() / 10; i++) {
      collection.updateOne(
          new BsonDocument("_id", ids.get(random.nextInt(ids.size()))),
          new BsonDocument("$set", new BsonDocument("rewritten", new BsonInt32(i))));
    }
    lake.flush();
  }

  /**
   * Explains {@value #EXPLAINED} lookups, then times lookups for {@code seconds}, then the scan
   * baseline for as long; each takes ids from {@code order} at {@code from} on, never one twice.
   *
   * @return where the next phase's ids start
   */
  private static int measure(
      String phase,
      MongoLakeCollection<BsonDocument> collection,
      List<BsonValue> order,
      int from,
      int seconds) {
    int next = from;
    long opened = 0;
    long maxOpened = 0;
    long pages = 0;
    long maxPages = 0;
    long scanOpened = 0;
    long scanPages = 0;
    // The first lookups read and cache each file's footer and bloom filters: warm up first.
    for (int i = 0; i < 50; i++) {
      collection.find(eq("_id", order.get(next++))).first();
    }
    for (int i = 0; i < EXPLAINED; i++) {
      BsonValue id = order.get(next++);
      BsonDocument lookup = tableLookup(collection.find(eq("_id", id)).explain(true));
      long filesOpened = lookup.getInt64("filesOpened").getValue();
      long pagesRead = lookup.getInt64("pagesRead").getValue();
      opened += filesOpened;
      pages += pagesRead;
      maxOpened = Math.max(maxOpened, filesOpened);
      maxPages = Math.max(maxPages, pagesRead);
      ScanMetrics scan =
          collection
              .tableScanMetrics(new BsonDocument("_id", order.get(next++)), true)
              .orElseThrow();
      scanOpened += scan.filesOpened();
      scanPages += scan.pagesRead();
    }
    FileMetadataCache.Stats cached = FileMetadataCache.shared().stats();
    System.out.printf(
        "%s: point read opens %.2f files (max %d), reads %.2f pages (max %d) per lookup;"
            + " scan baseline opens %.2f files, reads %.2f pages; metadata cache %d files, %,d"
            + " KiB%n",
        phase,
        (double) opened / EXPLAINED,
        maxOpened,
        (double) pages / EXPLAINED,
        maxPages,
        (double) scanOpened / EXPLAINED,
        (double) scanPages / EXPLAINED,
        cached.files(),
        cached.bytes() / 1024);
    int[] cursor = {next};
    DocumentSnapshot table = collection.table().orElseThrow().snapshot();
    List<Runnable> reads =
        List.of(
            () -> {
              BsonValue id = order.get(cursor[0]++);
              if (collection.find(eq("_id", id)).first() == null) {
                throw new IllegalStateException("Missing document " + id);
              }
            },
            () -> {
              BsonValue id = order.get(cursor[0]++);
              if (table.lookupById(id).document().isEmpty()) {
                throw new IllegalStateException("Missing document " + id);
              }
            },
            () -> {
              BsonValue id = order.get(cursor[0]++);
              try (var found = table.scan(Filter.parse(new BsonDocument("_id", id)))) {
                if (!found.hasNext()) {
                  throw new IllegalStateException("Missing document " + id);
                }
              }
            });
    List<Timed> timed = timeInterleaved(seconds, order.size() - cursor[0], reads);
    System.out.printf(
        "%s: find().first() %,.0f lookups/s, p50 %s p99 %s; table lookupById %,.0f lookups/s,"
            + " p50 %s p99 %s; table scan baseline %,.0f lookups/s, p50 %s p99 %s;"
            + " lookupById / scan %.2fx%n",
        phase,
        timed.get(0).rate(),
        micros(timed.get(0).latency().p50Micros()),
        micros(timed.get(0).latency().p99Micros()),
        timed.get(1).rate(),
        micros(timed.get(1).latency().p50Micros()),
        micros(timed.get(1).latency().p99Micros()),
        timed.get(2).rate(),
        micros(timed.get(2).latency().p50Micros()),
        micros(timed.get(2).latency().p99Micros()),
        timed.get(1).rate() / timed.get(2).rate());
    return cursor[0];
  }

  private record Timed(double rate, Percentiles latency) {}

  /**
   * Runs the reads in turn, one lookup each per round, for {@code seconds} (or until {@code
   * available} ids are used), so that the machine's drift hits them alike; each one's rate is one
   * over its mean latency.
   */
  private static List<Timed> timeInterleaved(int seconds, int available, List<Runnable> reads) {
    List<LatencySampler> latencies = new ArrayList<>();
    long[] nanos = new long[reads.size()];
    reads.forEach(read -> latencies.add(new LatencySampler(100_000)));
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    int rounds = 0;
    while (System.nanoTime() < deadline && (rounds + 1) * reads.size() <= available) {
      for (int i = 0; i < reads.size(); i++) {
        long before = System.nanoTime();
        reads.get(i).run();
        long took = System.nanoTime() - before;
        latencies.get(i).record(took);
        nanos[i] += took;
      }
      rounds++;
    }
    List<Timed> out = new ArrayList<>();
    for (int i = 0; i < reads.size(); i++) {
      out.add(new Timed(rounds / (nanos[i] / 1e9), latencies.get(i).percentiles()));
    }
    return out;
  }

  private static String micros(double value) {
    return value >= 1000 ? String.format("%.1f ms", value / 1000) : String.format("%.0f us", value);
  }

  /** The {@code tableLookup} of the plan's IDHACK stage. */
  private static BsonDocument tableLookup(dev.mongolake.QueryExplanation explanation) {
    BsonDocument stage = explanation.executionStats().getDocument("executionStages");
    while (!stage.getString("stage").getValue().equals("IDHACK")) {
      stage = stage.getDocument("inputStage");
    }
    return stage.getDocument("tableLookup");
  }
}
