package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.ExprNode;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * {@code $expr}: kept as written for the expression evaluator; top level only, and only where the
 * filter allows it (MongoDB's order: the level first).
 */
final class ExprOperatorHandler implements TopLevelOperatorHandler {
  private final boolean allowed;

  /**
   * @param allowed false where MongoDB's parser bans {@code $expr} (QueryFeatureNotAllowed)
   */
  ExprOperatorHandler(boolean allowed) {
    this.allowed = allowed;
  }

  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    if (level == ParseLevel.SUB_DOCUMENT) {
      throw QueryErrors.badValue("$expr can only be applied to the top-level document");
    }
    if (!allowed) {
      throw new QueryException(
          QueryErrorCode.QUERY_FEATURE_NOT_ALLOWED, "$expr is not allowed in this context");
    }
    return Optional.of(new ExprNode(operand));
  }
}
