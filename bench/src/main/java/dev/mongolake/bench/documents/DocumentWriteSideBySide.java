package dev.mongolake.bench.documents;

import dev.mongolake.delta.parquet.DocumentFileWriter;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.DocumentWriteOptions;
import dev.mongolake.delta.storage.MemoryStorage;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * Write throughput of {@link DocumentFileWriter} (what {@code DocumentTable.write} does before its
 * one Delta commit: `_id` column, the document as Variant, three promoted columns, statistics,
 * bloom filter) against the bare parquet-java loop writing the same documents as {@code _id}, BSON
 * bytes and the same three scalars, same codec and row-group size, both into memory so the disk
 * does not blur the comparison. Alternates which side runs first; prints each round and the median
 * ratio.
 *
 * <pre>
 * java -cp 'bench/target/bench.jar:bench/target/lib/*' \
 *   dev.mongolake.bench.documents.DocumentWriteSideBySide [documents] [rounds]
 * </pre>
 */
public final class DocumentWriteSideBySide {

  private static final DocumentSchema SCHEMA =
      DocumentSchema.parse(
          BsonDocument.parse("{email: 'string', age: 'int', createdAt: 'timestamp'}"));

  private DocumentWriteSideBySide() {}

  public static void main(String[] args) {
    int count = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    List<BsonDocument> documents = SampleDocuments.generate(count, 42);
    // Warm both paths on a fifth of the documents.
    writeDocuments(documents.subList(0, count / 5));
    writeBare(documents.subList(0, count / 5));
    List<Double> ratios = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      long ours;
      long bare;
      if (round % 2 == 0) {
        bare = writeBare(documents);
        ours = writeDocuments(documents);
      } else {
        ours = writeDocuments(documents);
        bare = writeBare(documents);
      }
      ratios.add((double) bare / ours);
      System.out.printf(
          "round %d: document writer %.0f docs/s, bare loop %.0f docs/s, ratio %.2f%n",
          round, count * 1e9 / ours, count * 1e9 / bare, (double) bare / ours);
    }
    ratios.sort(null);
    System.out.printf(
        "median ratio %.2f over %d rounds of %d documents%n",
        ratios.get(ratios.size() / 2), rounds, count);
  }

  private static long writeDocuments(List<BsonDocument> documents) {
    try (MemoryStorage storage = new MemoryStorage()) {
      long start = System.nanoTime();
      try (DocumentFileWriter writer =
          DocumentFileWriter.open(
              storage, "bench", DocumentWriteOptions.defaults().withSchema(SCHEMA))) {
        documents.forEach(writer::write);
        writer.finish();
      }
      return System.nanoTime() - start;
    }
  }

  private static long writeBare(List<BsonDocument> documents) {
    try (MemoryStorage storage = new MemoryStorage()) {
      return BareParquetLoop.write(storage, documents, true);
    }
  }
}
