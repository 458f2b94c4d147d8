package dev.mongolake.delta.query.ast;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.order.NumericComparison;
import java.util.Objects;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code $eq $gt $gte $lt $lte} (and a literal {@code {path: value}}), with MongoDB's rules:
 *
 * <ul>
 *   <li>type bracketing: a value is compared only when it is in the operand's {@linkplain
 *       BsonTypeBracket type class}; MinKey and MaxKey operands are the exception (everything is
 *       above MinKey and below MaxKey);
 *   <li>an array matches when the whole array or any of its elements satisfies the comparison;
 *   <li>a null operand with {@code $eq $gte $lte} also matches a missing field;
 *   <li>NaN equals NaN and is neither greater nor smaller than any other number;
 *   <li>strings compare under the filter's collation ({@code order}).
 * </ul>
 */
public record ComparisonPredicate(
    ComparisonOperator operator, BsonValue operand, BsonComparisonOrder order)
    implements FieldPredicate {
  public ComparisonPredicate {
    Objects.requireNonNull(operator, "operator");
    Objects.requireNonNull(operand, "operand");
    Objects.requireNonNull(order, "order");
  }

  /** A comparison under the simple collation. */
  public ComparisonPredicate(ComparisonOperator operator, BsonValue operand) {
    this(operator, operand, BsonComparisonOrder.INSTANCE);
  }

  /**
   * Whether the comparison follows a collation where it matters (the operand holds a string): then
   * byte-ordered statistics, Parquet predicates and simple indexes cannot decide it.
   */
  public boolean collates() {
    return order.collates(operand);
  }

  @Override
  public boolean matches(PathValues values) {
    if (values.missing() && matchesMissing()) {
      return true;
    }
    return values.anyExpanded(this::matchesSingle);
  }

  /** Whether a missing field satisfies the comparison (it compares as null). */
  public boolean matchesMissing() {
    return switch (operand.getBsonType()) {
      case NULL -> operator.includesEqual();
      case MIN_KEY -> operator == ComparisonOperator.GT || operator == ComparisonOperator.GTE;
      case MAX_KEY -> operator == ComparisonOperator.LT || operator == ComparisonOperator.LTE;
      default -> false;
    };
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    BsonType operandType = operand.getBsonType();
    if (operator != ComparisonOperator.EQ
        && (operandType == BsonType.MIN_KEY || operandType == BsonType.MAX_KEY)) {
      return operator.accepts(order.compare(value, operand));
    }
    if (!BsonComparisonOrder.sameBracket(value, operand)) {
      return false;
    }
    if (BsonComparisonOrder.bracketOf(operand) == BsonTypeBracket.NUMBER) {
      boolean valueNaN = NumericComparison.isNaN(value);
      boolean operandNaN = NumericComparison.isNaN(operand);
      if (valueNaN || operandNaN) {
        return valueNaN && operandNaN && operator.includesEqual();
      }
    }
    return operator.accepts(order.compare(value, operand));
  }
}
