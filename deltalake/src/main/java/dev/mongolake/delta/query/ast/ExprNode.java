package dev.mongolake.delta.query.ast;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code $expr}: an aggregation expression kept as written, evaluated by the installed {@link
 * ExpressionEvaluator}; the document matches when the result is truthy (everything except false,
 * null, undefined and numeric zero).
 */
public record ExprNode(BsonValue expression) implements FilterNode {
  public ExprNode {
    Objects.requireNonNull(expression, "expression");
  }

  @Override
  public boolean matches(BsonDocument document, ExpressionEvaluator evaluator) {
    return isTruthy(evaluator.evaluate(expression, document));
  }

  private static final BsonInt32 ZERO = new BsonInt32(0);

  /** Aggregation truthiness. */
  public static boolean isTruthy(BsonValue value) {
    if (value == null || value.isNull() || value.getBsonType() == BsonType.UNDEFINED) {
      return false;
    }
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    if (value.isNumber() || value.isDecimal128()) {
      return !BsonComparisonOrder.equal(value, ZERO);
    }
    return true;
  }
}
