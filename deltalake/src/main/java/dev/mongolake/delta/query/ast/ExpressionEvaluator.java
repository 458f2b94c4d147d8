package dev.mongolake.delta.query.ast;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Evaluates aggregation expressions for {@code $expr}. The filter language only parses and keeps
 * the expression; the aggregation engine plugs its evaluator in through {@link
 * dev.mongolake.delta.query.Filter#withExpressionEvaluator}. Implementations must be thread-safe if
 * the filter is shared between threads.
 */
@FunctionalInterface
public interface ExpressionEvaluator {
  /**
   * The evaluator used until one is installed: every evaluation fails with {@link
   * QueryErrorCode#NOT_IMPLEMENTED}.
   */
  ExpressionEvaluator UNSUPPORTED =
      (expression, document) -> {
        throw new QueryException(
            QueryErrorCode.NOT_IMPLEMENTED,
            "$expr is not supported yet: no aggregation expression evaluator is installed");
      };

  /**
   * Evaluates {@code expression} (the operand of {@code $expr}, unchanged) against {@code document}
   * ({@code $$ROOT}); the filter then applies aggregation truthiness to the result.
   *
   * @throws QueryException if the expression is invalid or fails at run time
   */
  BsonValue evaluate(BsonValue expression, BsonDocument document);
}
