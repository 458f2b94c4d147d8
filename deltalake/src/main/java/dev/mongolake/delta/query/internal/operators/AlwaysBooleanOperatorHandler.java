package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.ConstantNode;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.IntegralValues;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonValue;

/** {@code $alwaysTrue: 1} and {@code $alwaysFalse: 1}. */
final class AlwaysBooleanOperatorHandler implements TopLevelOperatorHandler {
  private final boolean value;

  AlwaysBooleanOperatorHandler(boolean value) {
    this.value = value;
  }

  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    OptionalLong one = IntegralValues.exact(operand);
    if (one.isEmpty() || one.getAsLong() != 1) {
      throw QueryErrors.failedToParse(operatorName + " must be an integer value of 1");
    }
    return Optional.of(new ConstantNode(value));
  }
}
