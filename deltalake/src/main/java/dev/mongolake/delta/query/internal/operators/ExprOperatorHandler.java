package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.ExprNode;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $expr}: kept as written for the expression evaluator; top level only. */
final class ExprOperatorHandler implements TopLevelOperatorHandler {
  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    if (level == ParseLevel.SUB_DOCUMENT) {
      throw QueryErrors.badValue("$expr can only be applied to the top-level document");
    }
    return Optional.of(new ExprNode(operand));
  }
}
