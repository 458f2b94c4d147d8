package dev.mongolake;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A query's plan in MongoDB's explain form, from the plan the planner chose (see {@link
 * MongoLakeFindIterable#explain}).
 *
 * @param parsedQuery the filter as the query applies it
 * @param winningPlan the stages that run, outermost first, each with its {@code inputStage}
 * @param executionStats what running the plan did ({@code nReturned}, {@code executionTimeMillis},
 *     {@code totalKeysExamined}, {@code totalDocsExamined}, {@code executionStages}: the plan with
 *     each stage's counts); {@code null} when the plan was not run
 */
public record QueryExplanation(
    BsonDocument parsedQuery, BsonDocument winningPlan, BsonDocument executionStats) {

  /**
   * This explanation without its outermost {@code LIMIT} stage, for a command that stops after a
   * number of matches but shows no limit of its own (a count with a limit, a write of one
   * document).
   */
  public QueryExplanation withoutLimit() {
    BsonDocument stats = executionStats;
    if (stats != null && isLimit(stats.get("executionStages"))) {
      stats = stats.clone();
      stats.put("executionStages", stats.getDocument("executionStages").getDocument("inputStage"));
    }
    BsonDocument plan = isLimit(winningPlan) ? winningPlan.getDocument("inputStage") : winningPlan;
    return new QueryExplanation(parsedQuery, plan, stats);
  }

  private static boolean isLimit(BsonValue stage) {
    return stage instanceof BsonDocument document
        && document.isString("stage")
        && document.getString("stage").getValue().equals("LIMIT");
  }
}
