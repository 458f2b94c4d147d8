package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.ArrayExpression;
import dev.mongolake.aggregate.internal.expression.Expression;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * The value of an expression known at parse time, as MongoDB's optimizer sees it: what the parser
 * folded, and also an empty array literal (which has no constant children to fold by).
 */
public final class ConstantValue {
  private ConstantValue() {}

  /** The constant value of {@code expression}; empty when it reads documents or is missing. */
  public static Optional<BsonValue> of(Expression expression) {
    if (expression instanceof ArrayExpression array && array.elements().isEmpty()) {
      return Optional.of(new BsonArray());
    }
    return expression.isConstant()
        ? Optional.ofNullable(expression.evaluate(null))
        : Optional.empty();
  }
}
