package dev.mongolake.bench.engine;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.model.Indexes;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.bench.Percentiles;
import dev.mongolake.bench.documents.SampleDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDocument;

/**
 * Restart of a flushed collection with a secondary index (on the unique-valued {@code email}): a
 * child JVM loads the documents, creates the index and closes cleanly (the flush writes the index
 * file). Each round then opens the lake in a fresh JVM and finds one document through the index,
 * once without the index files (the index is rebuilt by scanning the table, as before index files
 * existed) and once with them (the index is loaded from its file).
 */
final class IndexedRestartWorkload {

  private static final String LOAD = "load";
  private static final String OPEN = "open";
  private static final String INDEX_FOLDER = "bench/indexed/_mongolake_indexes";

  private IndexedRestartWorkload() {}

  static List<EngineRow> run(EngineOptions options, Path root) throws Exception {
    Path dir = Files.createDirectories(root.resolve("restart-indexed"));
    String lastEmail = child(LOAD, dir.toString(), String.valueOf(options.documents()));
    Path files = dir.resolve(INDEX_FOLDER);
    Path saved = Files.createDirectories(root.resolve("restart-indexed-files"));
    long fileBytes = 0;
    try (Stream<Path> written = Files.list(files)) {
      for (Path file : written.toList()) {
        fileBytes += Files.size(file);
        Files.move(file, saved.resolve(file.getFileName()));
      }
    }
    List<Double> rebuild = new ArrayList<>();
    List<Double> load = new ArrayList<>();
    for (int round = 1; round <= options.rounds(); round++) {
      rebuild.add(Double.parseDouble(child(OPEN, dir.toString(), lastEmail)));
      copyAll(saved, files);
      load.add(Double.parseDouble(child(OPEN, dir.toString(), lastEmail)));
      deleteAll(files);
      System.err.printf(
          "indexed restart round %d: rebuild by table scan %.0f ms, load index file %.0f ms%n",
          round, rebuild.getLast(), load.getLast());
    }
    return List.of(
        new EngineRow(
            String.format(
                "restart with 1 secondary index: %d documents in Delta, %d KiB index file (ms: %.0f"
                    + " vs %.0f)",
                options.documents(), fileBytes >> 10, Medians.of(rebuild), Medians.of(load)),
            "rebuild the index by table scan",
            1000 / Medians.of(rebuild),
            1000 / Medians.of(load),
            Percentiles.NONE));
  }

  private static void copyAll(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.list(from)) {
      for (Path file : files.toList()) {
        Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static void deleteAll(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.toList()) {
        Files.delete(file);
      }
    }
  }

  /** Runs this class in a fresh JVM and returns its last line of output. */
  private static String child(String... args) throws Exception {
    return ChildJvm.run(
        IndexedRestartWorkload.class,
        System.getProperty("java.class.path"),
        List.of(args),
        line -> false);
  }

  public static void main(String[] args) {
    Path dir = Path.of(args[1]);
    switch (args[0]) {
      case LOAD -> load(dir, Integer.parseInt(args[2]));
      case OPEN -> open(dir, args[2]);
      default -> throw new IllegalArgumentException(args[0]);
    }
  }

  private static void load(Path dir, int documents) {
    try (MongoLake lake = MongoLake.open(LoadOptions.flushingBySize(dir))) {
      MongoLakeCollection<BsonDocument> collection =
          lake.db("bench").collection("indexed", BsonDocument.class);
      collection.createIndex(Indexes.ascending("email"));
      String[] lastEmail = new String[1];
      SampleDocuments.generate(
          documents,
          13,
          1_000,
          batch -> {
            collection.insertMany(batch);
            lastEmail[0] = batch.getLast().getString("email").getValue();
          });
      System.out.println(lastEmail[0]);
    }
  }

  private static void open(Path dir, String email) {
    long start = System.nanoTime();
    MongoLake lake = MongoLake.open(MongoLakeOptions.defaults().withPath(dir));
    BsonDocument found =
        lake.db("bench").collection("indexed", BsonDocument.class).find(eq("email", email)).first();
    long elapsed = System.nanoTime() - start;
    if (found == null) {
      throw new IllegalStateException("the indexed document is missing after restart");
    }
    System.out.println(elapsed / 1e6);
    System.out.flush();
    // Leave the lake as it is for the next round: no close, no flush, no index file written.
    Runtime.getRuntime().halt(0);
  }
}
