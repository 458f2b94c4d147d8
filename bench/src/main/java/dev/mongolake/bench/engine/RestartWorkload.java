package dev.mongolake.bench.engine;

import static com.mongodb.client.model.Filters.eq;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.Namespace;
import dev.mongolake.bench.Percentiles;
import dev.mongolake.bench.documents.SampleDocuments;
import dev.mongolake.daktilo.Daktilo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Restart after a crash: a child JVM loads documents committed to Delta plus documents only in the
 * log, then is killed (SIGKILL). Each round then starts a fresh JVM that opens the lake and answers
 * a find by {@code _id} of the last unflushed document, against a fresh JVM that opens the bare log
 * and reads every record (the raw cost of the replay's input).
 */
final class RestartWorkload {

  private static final String LOAD = "load";
  private static final String OPEN_LAKE = "open-lake";
  private static final String SCAN_LOG = "scan-log";
  private static final String READY = "READY ";
  private static final int BATCH = 1_000;

  private RestartWorkload() {}

  static List<EngineRow> run(EngineOptions options, Path root) throws Exception {
    Path dir = Files.createDirectories(root.resolve("restart"));
    String lastId =
        child(
            System.getProperty("java.class.path"),
            LOAD,
            dir.toString(),
            String.valueOf(options.documents()),
            String.valueOf(options.unflushedDocuments()));
    long logBytes;
    try (var files = Files.walk(dir.resolve(Namespace.RESERVED_LOG_FOLDER))) {
      logBytes = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
    List<Double> lake = new ArrayList<>();
    List<Double> before = new ArrayList<>();
    List<Double> scan = new ArrayList<>();
    String thisBuild = System.getProperty("java.class.path");
    for (int round = 1; round <= options.rounds(); round++) {
      scan.add(Double.parseDouble(child(thisBuild, SCAN_LOG, dir.toString())));
      if (options.beforeClasspath() != null) {
        before.add(
            Double.parseDouble(
                child(options.beforeClasspath(), OPEN_LAKE, dir.toString(), lastId)));
      }
      lake.add(Double.parseDouble(child(thisBuild, OPEN_LAKE, dir.toString(), lastId)));
      System.err.printf(
          "restart round %d: bare log scan %.0f ms, MongoLake open + first read %.0f ms%s%n",
          round,
          scan.getLast(),
          lake.getLast(),
          before.isEmpty() ? "" : String.format(" (earlier build %.0f ms)", before.getLast()));
    }
    // Rates are restarts per second so that the ratio reads like the others (higher is better).
    List<EngineRow> rows = new ArrayList<>();
    if (!before.isEmpty()) {
      rows.add(row(options, logBytes, "earlier build", scan, before));
    }
    rows.add(row(options, logBytes, "", scan, lake));
    return rows;
  }

  private static EngineRow row(
      EngineOptions options, long logBytes, String build, List<Double> scan, List<Double> lake) {
    return new EngineRow(
        String.format(
            "restart%s: %d documents in Delta + %d in a %d MiB log (ms: %.0f vs %.0f)",
            build.isEmpty() ? "" : " (" + build + ")",
            options.documents(),
            options.unflushedDocuments(),
            logBytes >> 20,
            Medians.of(scan),
            Medians.of(lake)),
        "bare daktilo open + full scan",
        1000 / Medians.of(scan),
        1000 / Medians.of(lake),
        Percentiles.NONE);
  }

  /**
   * Runs this class in a fresh JVM on {@code classpath} and returns its last line of output; the
   * load child is killed as soon as it reports READY, and its acknowledged id is returned.
   */
  private static String child(String classpath, String... args) throws Exception {
    boolean load = args[0].equals(LOAD);
    // Everything acknowledged is durable: crash without a clean close or final flush.
    String line =
        ChildJvm.run(
            RestartWorkload.class,
            classpath,
            List.of(args),
            output -> load && output.startsWith(READY));
    return load && line.startsWith(READY) ? line.substring(READY.length()) : line;
  }

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[1]);
    switch (args[0]) {
      case LOAD -> load(dir, Integer.parseInt(args[2]), Integer.parseInt(args[3]));
      case OPEN_LAKE -> openLake(dir, args[2]);
      case SCAN_LOG -> scanLog(dir);
      default -> throw new IllegalArgumentException(args[0]);
    }
  }

  /**
   * Commits {@code flushed} documents to Delta (flushing at the default size threshold, as a
   * long-running lake does, and on close), then reopens the lake with flushing off and logs {@code
   * unflushed} more. Documents are generated batch by batch, so loads larger than the heap run.
   */
  private static void load(Path dir, int flushed, int unflushed) {
    try (MongoLake lake = MongoLake.open(LoadOptions.flushingBySize(dir))) {
      MongoLakeCollection<BsonDocument> collection =
          lake.db("bench").collection("documents", BsonDocument.class);
      SampleDocuments.generate(flushed, 11, BATCH, collection::insertMany);
    }
    MongoLake lake =
        MongoLake.open(LoadOptions.flushingBySize(dir).withFlushThresholdBytes(Long.MAX_VALUE));
    MongoLakeCollection<BsonDocument> collection =
        lake.db("bench").collection("documents", BsonDocument.class);
    BsonValue[] lastId = new BsonValue[1];
    SampleDocuments.generate(
        unflushed,
        12,
        BATCH,
        batch -> {
          collection.insertMany(batch);
          lastId[0] = batch.getLast().get("_id");
        });
    System.out.println(READY + lastId[0].asObjectId().getValue().toHexString());
    System.out.flush();
    // Wait to be killed.
    while (true) {
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private static void openLake(Path dir, String lastId) {
    long start = System.nanoTime();
    MongoLake lake = MongoLake.open(MongoLakeOptions.defaults().withPath(dir));
    BsonDocument found =
        lake.db("bench")
            .collection("documents", BsonDocument.class)
            .find(eq("_id", new org.bson.types.ObjectId(lastId)))
            .first();
    long elapsed = System.nanoTime() - start;
    if (found == null) {
      throw new IllegalStateException("the last acknowledged document is missing after restart");
    }
    System.out.println(elapsed / 1e6);
    System.out.flush();
    // Leave the log as it is for the next round: no close, no flush.
    Runtime.getRuntime().halt(0);
  }

  private static void scanLog(Path dir) {
    long start = System.nanoTime();
    long records = 0;
    try (Daktilo log = Daktilo.open(dir.resolve(Namespace.RESERVED_LOG_FOLDER))) {
      Iterator<?> all = log.iterator(log.firstSequence(), log.lastSequence());
      while (all.hasNext()) {
        all.next();
        records++;
      }
    }
    long elapsed = System.nanoTime() - start;
    System.err.println("scanned " + records + " log records");
    System.out.println(elapsed / 1e6);
  }
}
