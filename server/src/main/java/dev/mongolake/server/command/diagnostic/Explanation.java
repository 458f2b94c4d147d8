package dev.mongolake.server.command.diagnostic;

import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;

/**
 * What {@code explain} says about one command.
 *
 * @param parsedQuery the filter as the scan applies it
 * @param winningPlan the stages that run, outermost first
 * @param execution what running them did, or {@code null} at {@code queryPlanner} verbosity
 * @param extra further top-level reply fields (for example an aggregation's {@code stages})
 */
record Explanation(
    BsonDocument parsedQuery, BsonDocument winningPlan, Execution execution, BsonDocument extra) {

  /**
   * The {@code executionStats} of a run.
   *
   * @param nReturned documents the root stage returned
   * @param scan the collection scan under it
   * @param executionStages the plan annotated with per-stage counts
   */
  record Execution(long nReturned, CollectionScan scan, BsonDocument executionStages) {

    BsonDocument toDocument() {
      return new BsonDocument("executionSuccess", BsonBoolean.TRUE)
          .append("nReturned", new BsonInt64(nReturned))
          .append("executionTimeMillis", new BsonInt64(scan.millis()))
          .append("totalKeysExamined", new BsonInt64(keysExamined(executionStages)))
          .append("totalDocsExamined", new BsonInt64(scan.examined()))
          .append("executionStages", executionStages);
    }

    /** The index keys the stages read: the {@code keysExamined} of each {@code IXSCAN}. */
    private static long keysExamined(BsonDocument stage) {
      long keys = stage.isNumber("keysExamined") ? stage.getNumber("keysExamined").longValue() : 0;
      if (stage.isDocument("inputStage")) {
        keys += keysExamined(stage.getDocument("inputStage"));
      }
      return keys;
    }
  }
}
