package dev.mongolake.server.command.diagnostic;

import dev.mongolake.QueryExplanation;
import org.bson.BsonDocument;
import org.bson.BsonInt64;

/**
 * What {@code explain} says about one command.
 *
 * @param parsedQuery the filter as the scan applies it
 * @param winningPlan the stages that run, outermost first
 * @param executionStats what running them did (MongoDB's {@code executionStats}), or {@code null}
 *     at {@code queryPlanner} verbosity
 * @param extra further top-level reply fields (for example an aggregation's {@code stages})
 */
record Explanation(
    BsonDocument parsedQuery,
    BsonDocument winningPlan,
    BsonDocument executionStats,
    BsonDocument extra) {

  /** The engine's explanation of a query, as the command's. */
  static Explanation of(QueryExplanation query) {
    return new Explanation(
        query.parsedQuery(), query.winningPlan(), query.executionStats(), new BsonDocument());
  }

  /**
   * {@code executionStats} with another root: {@code stages} over the query's, {@code nReturned}
   * what the command returned, and (when not negative) {@code millis} as the time.
   */
  static BsonDocument executionStats(
      BsonDocument queryStats, BsonDocument stages, long returned, long millis) {
    BsonDocument stats = queryStats.clone();
    stats.put("nReturned", new BsonInt64(returned));
    if (millis >= 0) {
      stats.put("executionTimeMillis", new BsonInt64(millis));
    }
    stats.put("executionStages", stages);
    return stats;
  }
}
