package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import java.math.BigDecimal;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.DoubleColumn;
import org.bson.BsonValue;

/**
 * A DOUBLE column of BSON numbers. Operands that no double represents exactly (a long above 2^53, a
 * decimal) are widened to the nearest double outward, so the bound stays a necessary condition.
 * Parquet orders -0.0 below 0.0 while MongoDB treats them as equal, so a zero bound becomes -0.0
 * for lower bounds, 0.0 for upper bounds, and both for equality. NaN operands are not pushed.
 */
final class DoubleColumnOfNumbers implements TypedColumn {
  private final DoubleColumn column;

  DoubleColumnOfNumbers(String path) {
    this.column = FilterApi.doubleColumn(path);
  }

  @Override
  public BsonTypeBracket bracket() {
    return BsonTypeBracket.NUMBER;
  }

  @Override
  public FilterPredicate isNull() {
    return FilterApi.eq(column, (Double) null);
  }

  @Override
  public ColumnRestriction restrict(ComparisonOperator operator, BsonValue operand) {
    NumericOperand number = NumericOperand.of(operand);
    return switch (number.kind()) {
      case NAN -> ColumnRestriction.ALL;
      case POSITIVE_INFINITY -> restrictExact(operator, Double.POSITIVE_INFINITY);
      case NEGATIVE_INFINITY -> restrictExact(operator, Double.NEGATIVE_INFINITY);
      case FINITE -> restrictFinite(operator, number.finite());
    };
  }

  private ColumnRestriction restrictFinite(ComparisonOperator operator, BigDecimal value) {
    double nearest = value.doubleValue();
    int nearestVsValue = new BigDecimal(nearest).compareTo(value);
    if (nearestVsValue == 0) {
      return restrictExact(operator, nearest);
    }
    return switch (operator) {
      case EQ -> ColumnRestriction.NONE;
      case GT, GTE -> {
        double floor = nearestVsValue > 0 ? Math.nextDown(nearest) : nearest;
        yield ColumnRestriction.of(FilterApi.gt(column, floor));
      }
      case LT, LTE -> {
        double ceiling = nearestVsValue < 0 ? Math.nextUp(nearest) : nearest;
        yield ColumnRestriction.of(FilterApi.lt(column, ceiling));
      }
    };
  }

  private ColumnRestriction restrictExact(ComparisonOperator operator, double value) {
    if (value == 0.0) {
      return switch (operator) {
        case EQ ->
            ColumnRestriction.of(
                FilterApi.or(FilterApi.eq(column, 0.0), FilterApi.eq(column, -0.0)));
        case GT -> ColumnRestriction.of(FilterApi.gt(column, 0.0));
        case GTE -> ColumnRestriction.of(FilterApi.gtEq(column, -0.0));
        case LT -> ColumnRestriction.of(FilterApi.lt(column, -0.0));
        case LTE -> ColumnRestriction.of(FilterApi.ltEq(column, 0.0));
      };
    }
    return ColumnRestriction.of(
        switch (operator) {
          case EQ -> FilterApi.eq(column, value);
          case GT -> FilterApi.gt(column, value);
          case GTE -> FilterApi.gtEq(column, value);
          case LT -> FilterApi.lt(column, value);
          case LTE -> FilterApi.ltEq(column, value);
        });
  }
}
