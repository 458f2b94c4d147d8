package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.IntColumn;
import org.apache.parquet.filter2.predicate.Operators.LongColumn;
import org.bson.BsonValue;

/**
 * An INT32 or INT64 column of BSON numbers. A numeric operand is turned into an exact integer
 * bound: {@code > 5.5} becomes {@code > 5}, {@code == 5.5} cannot hold, bounds beyond the column's
 * range make the condition always or never true.
 */
final class IntegralColumn implements TypedColumn {
  private final IntColumn intColumn;
  private final LongColumn longColumn;
  private final BigInteger lowest;
  private final BigInteger highest;

  private IntegralColumn(IntColumn intColumn, LongColumn longColumn) {
    this.intColumn = intColumn;
    this.longColumn = longColumn;
    this.lowest = BigInteger.valueOf(intColumn != null ? Integer.MIN_VALUE : Long.MIN_VALUE);
    this.highest = BigInteger.valueOf(intColumn != null ? Integer.MAX_VALUE : Long.MAX_VALUE);
  }

  static IntegralColumn int32(String path) {
    return new IntegralColumn(FilterApi.intColumn(path), null);
  }

  static IntegralColumn int64(String path) {
    return new IntegralColumn(null, FilterApi.longColumn(path));
  }

  @Override
  public BsonTypeBracket bracket() {
    return BsonTypeBracket.NUMBER;
  }

  @Override
  public FilterPredicate isNull() {
    return intColumn != null
        ? FilterApi.eq(intColumn, (Integer) null)
        : FilterApi.eq(longColumn, (Long) null);
  }

  @Override
  public ColumnRestriction restrict(ComparisonOperator operator, BsonValue operand) {
    NumericOperand number = NumericOperand.of(operand);
    return switch (number.kind()) {
      case NAN -> ColumnRestriction.NONE;
      case POSITIVE_INFINITY ->
          operator == ComparisonOperator.LT || operator == ComparisonOperator.LTE
              ? ColumnRestriction.ALL
              : ColumnRestriction.NONE;
      case NEGATIVE_INFINITY ->
          operator == ComparisonOperator.GT || operator == ComparisonOperator.GTE
              ? ColumnRestriction.ALL
              : ColumnRestriction.NONE;
      case FINITE -> restrictFinite(operator, number.finite());
    };
  }

  private ColumnRestriction restrictFinite(ComparisonOperator operator, BigDecimal value) {
    BigInteger floor = value.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
    BigInteger ceiling = value.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    return switch (operator) {
      case EQ ->
          !floor.equals(ceiling) || !inRange(floor)
              ? ColumnRestriction.NONE
              : ColumnRestriction.of(compare(operator, floor.longValueExact()));
      case GT ->
          floor.compareTo(highest) >= 0
              ? ColumnRestriction.NONE
              : floor.compareTo(lowest) < 0 ? ColumnRestriction.ALL : bound(operator, floor);
      case GTE ->
          ceiling.compareTo(highest) > 0
              ? ColumnRestriction.NONE
              : ceiling.compareTo(lowest) <= 0 ? ColumnRestriction.ALL : bound(operator, ceiling);
      case LT ->
          ceiling.compareTo(lowest) <= 0
              ? ColumnRestriction.NONE
              : ceiling.compareTo(highest) > 0 ? ColumnRestriction.ALL : bound(operator, ceiling);
      case LTE ->
          floor.compareTo(lowest) < 0
              ? ColumnRestriction.NONE
              : floor.compareTo(highest) >= 0 ? ColumnRestriction.ALL : bound(operator, floor);
    };
  }

  private boolean inRange(BigInteger value) {
    return value.compareTo(lowest) >= 0 && value.compareTo(highest) <= 0;
  }

  private ColumnRestriction bound(ComparisonOperator operator, BigInteger value) {
    return ColumnRestriction.of(compare(operator, value.longValueExact()));
  }

  private FilterPredicate compare(ComparisonOperator operator, long value) {
    if (intColumn != null) {
      int v = Math.toIntExact(value);
      return switch (operator) {
        case EQ -> FilterApi.eq(intColumn, v);
        case GT -> FilterApi.gt(intColumn, v);
        case GTE -> FilterApi.gtEq(intColumn, v);
        case LT -> FilterApi.lt(intColumn, v);
        case LTE -> FilterApi.ltEq(intColumn, v);
      };
    }
    return switch (operator) {
      case EQ -> FilterApi.eq(longColumn, value);
      case GT -> FilterApi.gt(longColumn, value);
      case GTE -> FilterApi.gtEq(longColumn, value);
      case LT -> FilterApi.lt(longColumn, value);
      case LTE -> FilterApi.ltEq(longColumn, value);
    };
  }
}
