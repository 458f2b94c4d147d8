package dev.mongolake.bench.engine;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.model.Indexes;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.documents.SampleDocuments;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.ScanMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads from one caller: find by {@code _id} of documents committed to Delta (the table answers)
 * and of documents still in the buffer (memory answers), find by a secondary index, and a range of
 * {@code _id}s read with the table's pruning against a full scan with the same filter. There is no
 * bare baseline for a point read through a table format, so those rows report MongoLake's rate and
 * latencies alone.
 */
final class FindByIdWorkload {

  private static final int BATCH = 1_000;

  private FindByIdWorkload() {}

  /** Committed documents kept whole for the lookups; the rest keep only their {@code _id}. */
  private static final int SAMPLE = 100_000;

  static List<EngineRow> run(EngineOptions options, Path root) throws Exception {
    Path dir = Files.createDirectories(root.resolve("findById"));
    List<BsonDocument> buffered =
        SampleDocuments.generate(Math.min(options.documents(), 50_000), 8);
    List<EngineRow> rows = new ArrayList<>();
    try (MongoLake lake = MongoLake.open(LoadOptions.flushingBySize(dir))) {
      MongoLakeCollection<BsonDocument> collection =
          lake.db("bench").collection("documents", BsonDocument.class);
      List<BsonValue> ids = new ArrayList<>(options.documents());
      List<BsonDocument> flushed = new ArrayList<>();
      int keepEvery = Math.max(1, options.documents() / SAMPLE);
      SampleDocuments.generate(
          options.documents(),
          7,
          BATCH,
          batch -> {
            collection.insertMany(batch);
            for (BsonDocument document : batch) {
              if (ids.size() % keepEvery == 0) {
                flushed.add(document);
              }
              ids.add(document.get("_id"));
            }
          });
      lake.flush();
      insert(collection, buffered);
      rows.add(
          measure(
              "find by _id, committed to Delta (" + ids.size() + " documents)",
              flushed,
              options,
              wanted -> sameId(collection.find(eq("_id", wanted.get("_id"))).first(), wanted)));
      rows.add(
          measure(
              "find by _id, in the buffer (" + buffered.size() + " documents)",
              buffered,
              options,
              wanted -> sameId(collection.find(eq("_id", wanted.get("_id"))).first(), wanted)));
      collection.createIndex(Indexes.ascending("email"));
      rows.add(
          measure(
              "find by secondary index (email), committed to Delta",
              flushed,
              options,
              wanted -> {
                String email = wanted.getString("email").getValue();
                BsonDocument found = collection.find(eq("email", email)).first();
                return found != null && found.getString("email").getValue().equals(email);
              }));
      rows.addAll(prunedScan(collection, ids, flushed, options));
    }
    return rows;
  }

  /**
   * A range of 1% of the committed {@code _id}s (ObjectIds, which grow with insertion), read with
   * the table's pruning (file statistics, column index, record filter) against the same filter
   * applied to a full scan of the same table version.
   */
  private static List<EngineRow> prunedScan(
      MongoLakeCollection<BsonDocument> collection,
      List<BsonValue> committedIds,
      List<BsonDocument> flushed,
      EngineOptions options)
      throws InterruptedException {
    List<BsonValue> ids = new ArrayList<>(committedIds);
    ids.sort(BsonComparisonOrder.INSTANCE);
    int span = Math.max(1, ids.size() / 100);
    Random random = new Random(11);
    java.util.function.Supplier<BsonDocument> range =
        () -> {
          int from = random.nextInt(ids.size() - span);
          return new BsonDocument(
              "_id", new BsonDocument("$gte", ids.get(from)).append("$lt", ids.get(from + span)));
        };
    BsonDocument sample = range.get();
    ScanMetrics pruning = collection.tableScanMetrics(sample, true).orElseThrow();
    DocumentSnapshot table = collection.table().orElseThrow().snapshot();
    EngineRow pruned =
        measure(
            "collection scan with pruning: _id range of 1% ("
                + span
                + " documents; read "
                + pruning.filesOpened()
                + " of "
                + pruning.filesTotal()
                + " files, "
                + pruning.rowGroupsRead()
                + " of "
                + pruning.rowGroupsTotal()
                + " row groups, "
                + pruning.rowsRead()
                + " rows)",
            flushed,
            options,
            ignored -> count(collection.find(range.get())) == span);
    EngineRow full =
        measure(
            "baseline: full scan of the table + the same filter",
            flushed,
            options,
            ignored -> {
              Filter filter = Filter.parse(range.get());
              long matched = 0;
              try (var scan = table.scan()) {
                while (scan.hasNext()) {
                  if (filter.matches(scan.next())) {
                    matched++;
                  }
                }
              }
              return matched == span;
            });
    return List.of(
        new EngineRow(
            pruned.workload(),
            "full scan + filter",
            full.engineRate(),
            pruned.engineRate(),
            pruned.latency()),
        full);
  }

  private static long count(Iterable<BsonDocument> documents) {
    long n = 0;
    for (BsonDocument ignored : documents) {
      n++;
    }
    return n;
  }

  private static boolean sameId(BsonDocument found, BsonDocument wanted) {
    return found != null && found.get("_id").equals(wanted.get("_id"));
  }

  private static void insert(MongoLakeCollection<BsonDocument> collection, List<BsonDocument> all) {
    for (int from = 0; from < all.size(); from += BATCH) {
      collection.insertMany(all.subList(from, Math.min(all.size(), from + BATCH)));
    }
  }

  private static EngineRow measure(
      String name,
      List<BsonDocument> documents,
      EngineOptions options,
      Predicate<BsonDocument> read)
      throws InterruptedException {
    List<Double> rates = new ArrayList<>();
    List<LatencySampler> latencies = new ArrayList<>();
    for (int round = 1; round <= options.rounds(); round++) {
      Random random = new Random(round);
      rates.add(
          InsertOneWorkload.drive(
              1,
              options.budgetNanos(),
              latencies,
              caller ->
                  i -> {
                    BsonDocument wanted = documents.get(random.nextInt(documents.size()));
                    if (!read.test(wanted)) {
                      throw new IllegalStateException(
                          name + ": wrong answer for " + wanted.get("_id"));
                    }
                  }));
      System.err.printf("%s round %d: %.1f reads/s%n", name, round, rates.getLast());
    }
    return new EngineRow(
        name, "none", Double.NaN, Medians.of(rates), LatencySampler.percentiles(latencies));
  }
}
