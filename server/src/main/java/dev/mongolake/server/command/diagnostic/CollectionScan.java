package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLakeCursor;
import dev.mongolake.Namespace;
import dev.mongolake.delta.table.ScanMetrics;
import java.time.Clock;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The plan every query runs today: a scan of the collection's table merged with its buffer,
 * filtering each document. Replays that scan to count what it examines and matches, stopping where
 * the engine stops (after enough matches for an unsorted limit).
 *
 * @param examined documents read from the table and buffer
 * @param matched documents that passed the filter
 * @param millis wall time of the scan
 */
record CollectionScan(long examined, long matched, long millis) {

  /** No stop: the scan reads every document. */
  static final long UNBOUNDED = Long.MAX_VALUE;

  /**
   * Scans {@code namespace} with {@code filter}.
   *
   * @param stopAfterMatches the scan ends once this many documents matched
   */
  static CollectionScan run(
      LakeCollections lake,
      Namespace namespace,
      BsonDocument filter,
      long stopAfterMatches,
      Clock clock) {
    Predicate<BsonDocument> parsed = lake.collection(namespace).matcher(filter);
    long start = clock.millis();
    long examined = 0;
    long matched = 0;
    try (MongoLakeCursor<BsonDocument> documents = lake.collection(namespace).find().iterator()) {
      while (matched < stopAfterMatches && documents.hasNext()) {
        examined++;
        if (parsed.test(documents.next())) {
          matched++;
        }
      }
    }
    return new CollectionScan(examined, matched, clock.millis() - start);
  }

  /**
   * The {@code COLLSCAN} stage over {@code filter}; with the scan's counts when {@code executed} is
   * not null.
   */
  static BsonDocument stage(BsonDocument filter, CollectionScan executed, ScanMetrics table) {
    BsonDocument stage = new BsonDocument("stage", new BsonString("COLLSCAN"));
    if (!filter.isEmpty()) {
      stage.append("filter", filter);
    }
    stage.append("direction", new BsonString("forward"));
    if (table != null) {
      stage.append("tableScan", tableScan(table, executed != null));
    }
    if (executed != null) {
      stage
          .append("nReturned", new BsonInt64(executed.matched()))
          .append("docsExamined", new BsonInt64(executed.examined()));
    }
    return stage;
  }

  /**
   * The Delta table's part of the scan: files ruled out by their statistics and, once run, the row
   * groups and rows read (the rest was skipped by Parquet statistics, column indexes and the {@code
   * _id} bloom filter). Not a MongoDB field; tools that do not know it ignore it.
   */
  private static BsonDocument tableScan(ScanMetrics table, boolean executed) {
    BsonDocument out =
        new BsonDocument("filesTotal", new BsonInt64(table.filesTotal()))
            .append("filesSkippedByStats", new BsonInt64(table.filesSkipped()));
    if (executed) {
      out.append("filesOpened", new BsonInt64(table.filesOpened()))
          .append("rowGroupsTotal", new BsonInt64(table.rowGroupsTotal()))
          .append("rowGroupsRead", new BsonInt64(table.rowGroupsRead()))
          .append("rowsRead", new BsonInt64(table.rowsRead()));
    }
    return out;
  }
}
