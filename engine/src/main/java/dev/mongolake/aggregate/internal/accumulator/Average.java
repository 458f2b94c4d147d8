package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.bson.DecimalValues;
import java.math.BigDecimal;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** Averages numbers; null when there were none. */
final class Average implements Accumulator {
  private final Sum sum = new Sum();
  private long count;

  @Override
  public void accumulate(BsonValue value) {
    if (value != null && value.isNumber() || value instanceof BsonDecimal128) {
      sum.accumulate(value);
      count++;
    }
  }

  @Override
  public BsonValue result() {
    if (count == 0) {
      return BsonNull.VALUE;
    }
    BsonValue total = sum.result();
    if (total instanceof BsonDecimal128 decimal) {
      Decimal128 sum = decimal.getValue();
      if (sum.isNaN() || sum.isInfinite()) {
        return decimal; // NaN or an infinity divided by a count is itself
      }
      return new BsonDecimal128(
          new Decimal128(
              DecimalValues.finite(sum)
                  .divide(BigDecimal.valueOf(count), java.math.MathContext.DECIMAL128)));
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
