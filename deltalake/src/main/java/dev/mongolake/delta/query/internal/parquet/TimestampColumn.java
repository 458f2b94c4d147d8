package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.LongColumn;
import org.bson.BsonValue;

/**
 * An INT64 TIMESTAMP column of BSON dates, in milliseconds or microseconds (a date's milliseconds
 * times 1000, so comparisons scale exactly). Bounds that overflow are not pushed.
 */
final class TimestampColumn implements TypedColumn {
  private final LongColumn column;
  private final long unitsPerMillisecond;

  TimestampColumn(String path, long unitsPerMillisecond) {
    this.column = FilterApi.longColumn(path);
    this.unitsPerMillisecond = unitsPerMillisecond;
  }

  @Override
  public BsonTypeBracket bracket() {
    return BsonTypeBracket.DATE;
  }

  @Override
  public FilterPredicate isNull() {
    return FilterApi.eq(column, (Long) null);
  }

  @Override
  public ColumnRestriction restrict(ComparisonOperator operator, BsonValue operand) {
    long value;
    try {
      value = Math.multiplyExact(operand.asDateTime().getValue(), unitsPerMillisecond);
    } catch (ArithmeticException overflow) {
      return ColumnRestriction.ALL;
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
