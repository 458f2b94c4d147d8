package dev.mongolake.bench.engine;

import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.bson.BsonDocument;

/**
 * What the side-by-side aggregation benchmarks share: timing an operation, draining a pipeline,
 * running the peer's SQL, and naming a table's current files for DuckDB.
 */
final class PipelineRuns {

  private PipelineRuns() {}

  /** Runs {@code operation} {@code runs} times, prints the times, returns the median (ms). */
  static double measure(String name, int runs, LongSupplier operation) {
    double[] millis = new double[runs];
    long result = 0;
    for (int run = 0; run < runs; run++) {
      long start = System.nanoTime();
      result = operation.getAsLong();
      millis[run] = (System.nanoTime() - start) / 1e6;
    }
    double[] sorted = millis.clone();
    Arrays.sort(sorted);
    System.out.printf(
        "%-42s median %10.2f ms  runs %s  rows %d%n",
        name, sorted[runs / 2], Arrays.toString(millis), result);
    return sorted[runs / 2];
  }

  /** How many documents {@code pipeline} returns, all read. */
  static long drain(MongoLakeCollection<BsonDocument> items, List<BsonDocument> pipeline) {
    long n = 0;
    try (MongoLakeCursor<BsonDocument> cursor = items.aggregate(pipeline)) {
      while (cursor.hasNext()) {
        cursor.next();
        n++;
      }
    }
    return n;
  }

  /** How many rows {@code sql} returns, all read. */
  static long query(Connection connection, String sql) {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      long n = 0;
      while (rows.next()) {
        n++;
      }
      return n;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The current data files of {@code bench.<collection>}'s table, as a DuckDB list literal. */
  static String currentFiles(Path dir, String collection) {
    Path table = dir.resolve("bench").resolve(collection);
    try (FileSystemStorage storage = new FileSystemStorage(table)) {
      return DeltaTable.forPath(storage, "").snapshot().files().stream()
          .map(file -> "'" + table.resolve(file.path()).toAbsolutePath() + "'")
          .collect(Collectors.joining(", ", "[", "]"));
    }
  }
}
