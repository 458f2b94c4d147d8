package dev.mongolake.delta.table;

import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A point query by {@code _id} over a table of many files, with pruning ({@link
 * DocumentSnapshot#scan(Filter)}) and, side by side, the full scan plus {@link Filter#matches} a
 * reader without pruning does. Two tables on the local filesystem, both with the default config
 * (any-type {@code _id}, no promoted column): ObjectIds in insertion order (each file holds a
 * distinct {@code _id} range, so the Delta statistics prune) and random string ids (every file
 * spans the whole range, so only the {@code _id} bloom filters prune). Prints numbers; asserts
 * nothing about time. Run by hand:
 *
 * <pre>
 * ./mvnw -B -q -pl deltalake -am test -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dtest=PointQueryBenchmark -Dbenchmark=true [-Ddocs=10000000]
 * </pre>
 *
 * and read {@code target/surefire-reports/*PointQueryBenchmark-output.txt}.
 */
@EnabledIfSystemProperty(named = "benchmark", matches = "true")
class PointQueryBenchmark {
  private static final int DOCUMENTS = Integer.getInteger("docs", 1_000_000);
  private static final int FILES = Integer.getInteger("files", 100);
  private static final int QUERIES = Integer.getInteger("queries", 50);
  private static final int FULL_SCANS = Integer.getInteger("fullScans", 3);
  private static final String TABLES = System.getProperty("tables", "ordered,random");

  @Test
  void pointQueryByIdPrunesToOneRowGroup() throws IOException {
    Path dir = Files.createTempDirectory(Path.of("target"), "point-query-");
    try {
      Storage storage = new FileSystemStorage(dir);
      System.out.printf("BENCH %,d documents in %d files%n", DOCUMENTS, FILES);
      if (TABLES.contains("ordered")) {
        run(storage, "objectid-ordered", i -> new BsonObjectId(new ObjectId()));
      }
      if (TABLES.contains("random")) {
        Random random = new Random(7);
        run(storage, "random-string", i -> new BsonString(Long.toHexString(random.nextLong())));
      }
    } finally {
      try (Stream<Path> paths = Files.walk(dir)) {
        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private interface Ids {
    BsonValue next(int i);
  }

  private static void run(Storage storage, String name, Ids ids) {
    DocumentTable table =
        DocumentTable.create(storage, name, DocumentTableConfig.defaults(), Clock.systemUTC());
    Random random = new Random(42);
    List<BsonValue> sample = new ArrayList<>();
    int perFile = DOCUMENTS / FILES;
    long writeStart = System.nanoTime();
    for (int file = 0; file < FILES; file++) {
      List<BsonDocument> batch = new ArrayList<>(perFile);
      for (int i = 0; i < perFile; i++) {
        int n = file * perFile + i;
        BsonValue id = ids.next(n);
        batch.add(document(id, n));
        if (random.nextInt(perFile) < 2 && sample.size() < QUERIES) {
          sample.add(id);
        }
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
    }
    long writeNanos = System.nanoTime() - writeStart;
    DocumentSnapshot snapshot = table.snapshot();
    long bytes = snapshot.files().stream().mapToLong(f -> f.size()).sum();
    System.out.printf(
        "BENCH %s: wrote %d files, %.1f MiB, in %.1f s%n",
        name, snapshot.files().size(), bytes / 1048576.0, writeNanos / 1e9);

    // Warm up both paths once.
    query(snapshot, sample.getFirst());
    fullScan(snapshot, sample.getFirst());

    long[] pruned = new long[sample.size()];
    long maxFilesOpened = 0;
    long maxRowGroups = 0;
    long totalRowGroups = 0;
    long maxRowsRead = 0;
    for (int q = 0; q < sample.size(); q++) {
      long start = System.nanoTime();
      ScanMetrics metrics = query(snapshot, sample.get(q));
      pruned[q] = System.nanoTime() - start;
      if (metrics.rowsMatched() != 1) {
        throw new AssertionError("expected one match for " + sample.get(q) + ": " + metrics);
      }
      maxFilesOpened = Math.max(maxFilesOpened, metrics.filesOpened());
      maxRowGroups = Math.max(maxRowGroups, metrics.rowGroupsRead());
      totalRowGroups = Math.max(totalRowGroups, metrics.rowGroupsTotal());
      maxRowsRead = Math.max(maxRowsRead, metrics.rowsRead());
    }
    long[] full = new long[FULL_SCANS];
    for (int q = 0; q < FULL_SCANS; q++) {
      long start = System.nanoTime();
      fullScan(snapshot, sample.get(q));
      full[q] = System.nanoTime() - start;
    }
    System.out.printf(
        "BENCH %s: pruned point query, %d queries: median %.2f ms, p90 %.2f ms; at most %d files"
            + " opened of %d, %d row groups read of %d in the opened files, %d rows decoded%n",
        name,
        pruned.length,
        median(pruned) / 1e6,
        percentile(pruned, 0.9) / 1e6,
        maxFilesOpened,
        snapshot.files().size(),
        maxRowGroups,
        totalRowGroups,
        maxRowsRead);
    System.out.printf(
        "BENCH %s: full scan + match, %d runs: median %.0f ms; ratio %.0fx%n",
        name, full.length, median(full) / 1e6, (double) median(full) / median(pruned));
  }

  private static BsonDocument document(BsonValue id, int n) {
    return new BsonDocument("_id", id)
        .append("n", new BsonInt32(n))
        .append("name", new BsonString("user-" + n))
        .append("tags", new BsonArray(List.of(new BsonString("t" + (n % 7)))));
  }

  private static ScanMetrics query(DocumentSnapshot snapshot, BsonValue id) {
    try (var scan = snapshot.scan(Filter.parse(new BsonDocument("_id", id)))) {
      scan.forEachRemaining(document -> {});
      return scan.metrics();
    }
  }

  private static void fullScan(DocumentSnapshot snapshot, BsonValue id) {
    Filter filter = Filter.parse(new BsonDocument("_id", id));
    int found = 0;
    try (var scan = snapshot.scan()) {
      while (scan.hasNext()) {
        if (filter.matches(scan.next())) {
          found++;
        }
      }
    }
    if (found != 1) {
      throw new AssertionError("expected one match for " + id + ", found " + found);
    }
  }

  private static double median(long[] values) {
    return percentile(values, 0.5);
  }

  private static double percentile(long[] values, double p) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  }
}
