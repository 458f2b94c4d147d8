package dev.mongolake.bench.engine;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.bench.Percentiles;
import dev.mongolake.bench.documents.BareParquetLoop;
import dev.mongolake.bench.documents.SampleDocuments;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * insertMany of ~1 KiB documents in batches of 1,000 with batch durability, until every document is
 * in a Parquet file committed to the collection's Delta table (insert acknowledgements, then {@code
 * flush()}), against the bare parquet-java loop writing the same documents. The log's share is
 * shown on its own: the same documents appended to a bare daktilo log in the same batches.
 */
final class InsertManyWorkload {

  private static final int BATCH = 1_000;

  private InsertManyWorkload() {}

  static List<EngineRow> run(EngineOptions options, Path root) throws Exception {
    List<BsonDocument> documents = SampleDocuments.generate(options.documents(), 42);
    List<Double> bare = new ArrayList<>();
    List<Double> log = new ArrayList<>();
    List<Double> acknowledged = new ArrayList<>();
    List<Double> flushed = new ArrayList<>();
    int n = documents.size();
    for (int round = 1; round <= options.rounds(); round++) {
      Path dir = Files.createDirectories(root.resolve("insertMany-" + round));
      bare.add(n * 1e9 / BareParquetLoop.write(dir.resolve("bare"), documents));
      log.add(n * 1e9 / appendToLog(dir.resolve("log"), documents));
      long[] engine = insertIntoLake(dir.resolve("lake"), documents);
      acknowledged.add(n * 1e9 / engine[0]);
      flushed.add(n * 1e9 / engine[1]);
      System.err.printf(
          "insertMany round %d: bare parquet %.0f docs/s, log %.0f docs/s, MongoLake"
              + " acknowledged %.0f docs/s, in Delta %.0f docs/s%n",
          round, bare.getLast(), log.getLast(), acknowledged.getLast(), flushed.getLast());
    }
    double bareRate = Medians.of(bare);
    return List.of(
        new EngineRow(
            "insertMany " + n + " x ~1 KiB, until committed to Delta",
            "bare parquet-java loop",
            bareRate,
            Medians.of(flushed),
            Percentiles.NONE),
        new EngineRow(
            "insertMany " + n + " x ~1 KiB, acknowledged (log + buffer)",
            "bare parquet-java loop",
            bareRate,
            Medians.of(acknowledged),
            Percentiles.NONE),
        new EngineRow(
            "its log share: daktilo appendMany(1000), batch",
            "bare parquet-java loop",
            bareRate,
            Medians.of(log),
            Percentiles.NONE));
  }

  private static long appendToLog(Path dir, List<BsonDocument> documents) {
    BsonDocumentCodec codec = new BsonDocumentCodec();
    long start = System.nanoTime();
    try (Daktilo log =
        Daktilo.open(dir, DaktiloOptions.defaults().withDurability(Durability.BATCH))) {
      for (int from = 0; from < documents.size(); from += BATCH) {
        List<byte[]> batch = new ArrayList<>(BATCH);
        for (BsonDocument document :
            documents.subList(from, Math.min(documents.size(), from + BATCH))) {
          var buffer = new RawBsonDocument(document, codec).getByteBuffer().asNIO();
          byte[] bytes = new byte[buffer.remaining()];
          buffer.get(bytes);
          batch.add(bytes);
        }
        log.appendMany(batch);
      }
    }
    return System.nanoTime() - start;
  }

  /** Nanoseconds until every insert was acknowledged, and until all of it was in Delta. */
  private static long[] insertIntoLake(Path dir, List<BsonDocument> documents) {
    try (MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults().withPath(dir).withDurability(Durability.BATCH))) {
      MongoLakeCollection<BsonDocument> collection =
          lake.db("bench").collection("documents", BsonDocument.class);
      long start = System.nanoTime();
      for (int from = 0; from < documents.size(); from += BATCH) {
        collection.insertMany(documents.subList(from, Math.min(documents.size(), from + BATCH)));
      }
      long acknowledged = System.nanoTime() - start;
      lake.flush();
      return new long[] {acknowledged, System.nanoTime() - start};
    }
  }
}
