package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.math.MathContext;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code $avg}: the mean of the numbers (others are ignored): a Double, or a Decimal128 once a
 * decimal was averaged; null when there were no numbers. Removable.
 */
final class Average implements Accumulator {
  private final Sum sum = new Sum();
  private long count;

  @Override
  public void accumulate(BsonValue value) {
    if (ExpressionValues.isNumber(value)) {
      sum.accumulate(value);
      count++;
    }
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
    if (ExpressionValues.isNumber(value)) {
      sum.remove(value);
      count--;
    }
  }

  @Override
  public BsonValue result() {
    if (count == 0) {
      return BsonNull.VALUE;
    }
    BsonValue total = sum.result();
    if (total instanceof BsonDecimal128 decimal) {
      Decimal128 value = decimal.getValue();
      if (value.isNaN() || value.isInfinite()) {
        return decimal; // NaN or an infinity divided by a count is itself
      }
      return new BsonDecimal128(
          new Decimal128(
              DecimalValues.finite(value)
                  .divide(BigDecimal.valueOf(count), MathContext.DECIMAL128)));
    }
    return new BsonDouble(total.asNumber().doubleValue() / count);
  }

  @Override
  public void merge(Accumulator other) {
    Average that = (Average) other;
    sum.merge(that.sum);
    count += that.count;
  }
}
