package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A selective filter on a promoted column ({@code {n: {$gte: x, $lt: x + width}}}, where {@code n}
 * grows with insertion order, so about one file in a hundred holds matches) through {@link
 * DocumentSnapshot#scan(Filter)}, side by side with DuckDB's {@code read_parquet} over the same
 * files with the same WHERE clause, both returning the matching documents (DuckDB returns the
 * {@code doc} Variant column). Prints numbers; asserts nothing about time. Run by hand:
 *
 * <pre>
 * ./mvnw -B -q -pl deltalake -am test -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dtest=PromotedFilterBenchmark -Dbenchmark=true [-Ddocs=1000000]
 * </pre>
 */
@EnabledIfSystemProperty(named = "benchmark", matches = "true")
class PromotedFilterBenchmark {
  private static final int DOCUMENTS = Integer.getInteger("docs", 1_000_000);
  private static final int FILES = Integer.getInteger("files", 100);
  private static final int QUERIES = Integer.getInteger("queries", 20);
  private static final int WIDTH = Integer.getInteger("width", 1000);

  @Test
  void promotedColumnRangeAgainstDuckDb() throws IOException, SQLException {
    Path dir = Files.createTempDirectory(Path.of("target"), "promoted-filter-");
    try {
      DocumentTable table =
          DocumentTable.create(
              new FileSystemStorage(dir),
              "t",
              DocumentTableConfig.defaults()
                  .withSchema(
                      DocumentSchema.parse(BsonDocument.parse("{n: 'int', name: 'string'}"))),
              Clock.systemUTC());
      int perFile = DOCUMENTS / FILES;
      for (int file = 0; file < FILES; file++) {
        List<BsonDocument> batch = new ArrayList<>(perFile);
        for (int i = 0; i < perFile; i++) {
          int n = file * perFile + i;
          batch.add(
              new BsonDocument("_id", new BsonObjectId(new ObjectId()))
                  .append("n", new BsonInt32(n))
                  .append("name", new BsonString("user-" + n)));
        }
        table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
      }
      DocumentSnapshot snapshot = table.snapshot();
      String files =
          snapshot.delta().storagePaths().stream()
              .map(p -> "'" + dir.resolve(p) + "'")
              .collect(Collectors.joining(", ", "[", "]"));
      Random random = new Random(3);
      long[] ours = new long[QUERIES];
      long[] duck = new long[QUERIES];
      ScanMetrics last = null;
      try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
        for (int q = -1; q < QUERIES; q++) {
          int from = random.nextInt(DOCUMENTS - WIDTH);
          long start = System.nanoTime();
          int found = 0;
          try (var scan =
              snapshot.scan(
                  Filter.parse(
                      BsonDocument.parse(
                          "{n: {$gte: " + from + ", $lt: " + (from + WIDTH) + "}}")))) {
            while (scan.hasNext()) {
              scan.next();
              found++;
            }
            last = scan.metrics();
          }
          long mid = System.nanoTime();
          int duckFound = 0;
          try (Statement statement = connection.createStatement();
              ResultSet rows =
                  statement.executeQuery(
                      "SELECT doc FROM read_parquet("
                          + files
                          + ") WHERE n >= "
                          + from
                          + " AND n < "
                          + (from + WIDTH))) {
            while (rows.next()) {
              rows.getObject(1);
              duckFound++;
            }
          }
          long end = System.nanoTime();
          if (found != WIDTH || duckFound != WIDTH) {
            throw new AssertionError("expected " + WIDTH + ": " + found + " / " + duckFound);
          }
          if (q >= 0) { // the first round warms both up
            ours[q] = mid - start;
            duck[q] = end - mid;
          }
        }
      }
      System.out.printf(
          "BENCH %,d documents in %d files, %d matches per query: scan(filter) median %.1f ms,"
              + " DuckDB median %.1f ms, ratio %.2f; last scan %s%n",
          DOCUMENTS,
          FILES,
          WIDTH,
          median(ours) / 1e6,
          median(duck) / 1e6,
          median(ours) / median(duck),
          last);
    } finally {
      try (Stream<Path> paths = Files.walk(dir)) {
        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static double median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
