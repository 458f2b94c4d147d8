package dev.mongolake.bench.engine;

import static com.mongodb.client.model.Filters.eq;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.documents.SampleDocuments;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * find by {@code _id} from one caller: documents committed to Delta (the table answers) and
 * documents still in the buffer (memory answers). There is no bare baseline for a point read
 * through a table format, so the row reports MongoLake's rate and latencies alone.
 */
final class FindByIdWorkload {

  private static final int BATCH = 1_000;

  private FindByIdWorkload() {}

  static List<EngineRow> run(EngineOptions options, Path root) throws Exception {
    Path dir = Files.createDirectories(root.resolve("findById"));
    List<BsonDocument> flushed = SampleDocuments.generate(options.documents(), 7);
    List<BsonDocument> buffered =
        SampleDocuments.generate(Math.min(options.documents(), 50_000), 8);
    List<EngineRow> rows = new ArrayList<>();
    try (MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults()
                .withPath(dir)
                .withDurability(Durability.BATCH)
                .withFlushThresholdBytes(Long.MAX_VALUE)
                .withFlushInterval(java.time.Duration.ofDays(1)))) {
      MongoLakeCollection<BsonDocument> collection =
          lake.db("bench").collection("documents", BsonDocument.class);
      insert(collection, flushed);
      lake.flush();
      insert(collection, buffered);
      rows.add(measure("find by _id, committed to Delta", collection, flushed, options));
      rows.add(measure("find by _id, in the buffer", collection, buffered, options));
    }
    return rows;
  }

  private static void insert(MongoLakeCollection<BsonDocument> collection, List<BsonDocument> all) {
    for (int from = 0; from < all.size(); from += BATCH) {
      collection.insertMany(all.subList(from, Math.min(all.size(), from + BATCH)));
    }
  }

  private static EngineRow measure(
      String name,
      MongoLakeCollection<BsonDocument> collection,
      List<BsonDocument> documents,
      EngineOptions options)
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
                    BsonValue id = documents.get(random.nextInt(documents.size())).get("_id");
                    if (collection.find(eq("_id", id)).first() == null) {
                      throw new IllegalStateException("Document " + id + " not found");
                    }
                  }));
      System.err.printf("%s round %d: %.0f reads/s%n", name, round, rates.getLast());
    }
    return new EngineRow(
        name + " (" + documents.size() + " documents)",
        "none",
        Double.NaN,
        Medians.of(rates),
        LatencySampler.percentiles(latencies));
  }
}
