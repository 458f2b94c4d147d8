package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.bson.DecimalValues;
import java.math.BigDecimal;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** Sums numbers, widening Int32 to Int64 to Double to Decimal128 as MongoDB does. */
final class Sum implements Accumulator {
  private long longSum;
  private double doubleSum;
  private BigDecimal decimalSum;
  private boolean sawLong;
  private boolean sawDouble;
  private boolean overflowed;

  @Override
  public void accumulate(BsonValue value) {
    if (value == null) {
      return;
    }
    switch (value.getBsonType()) {
      case INT32 -> addLong(value.asInt32().getValue());
      case INT64 -> {
        sawLong = true;
        addLong(value.asInt64().getValue());
      }
      case DOUBLE -> {
        sawDouble = true;
        doubleSum += value.asDouble().getValue();
      }
      case DECIMAL128 -> {
        Decimal128 decimal = value.asDecimal128().getValue();
        decimalSum = decimalSum == null ? BigDecimal.ZERO : decimalSum;
        if (decimal.isNaN() || decimal.isInfinite()) {
          // BigDecimal has neither: carried in the double sum, and the result says which.
          doubleSum +=
              decimal.isNaN()
                  ? Double.NaN
                  : decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        } else {
          decimalSum = decimalSum.add(DecimalValues.finite(decimal));
        }
      }
      default -> {
        // $sum ignores non-numeric values.
      }
    }
  }

  private void addLong(long value) {
    try {
      longSum = Math.addExact(longSum, value);
    } catch (ArithmeticException e) {
      overflowed = true;
      doubleSum += (double) longSum + value;
      longSum = 0;
    }
  }

  @Override
  public BsonValue result() {
    if (decimalSum != null) {
      if (Double.isNaN(doubleSum)) {
        return new BsonDecimal128(Decimal128.NaN);
      }
      if (Double.isInfinite(doubleSum)) {
        return new BsonDecimal128(
            doubleSum > 0 ? Decimal128.POSITIVE_INFINITY : Decimal128.NEGATIVE_INFINITY);
      }
      BigDecimal total =
          decimalSum.add(BigDecimal.valueOf(longSum)).add(BigDecimal.valueOf(doubleSum));
      return new BsonDecimal128(new Decimal128(total));
    }
    if (sawDouble || overflowed) {
      return new BsonDouble(doubleSum + longSum);
    }
    if (sawLong || longSum != (int) longSum) {
      return new BsonInt64(longSum);
    }
    return new BsonInt32((int) longSum);
  }

  @Override
  public void merge(Accumulator other) {
    Sum that = (Sum) other;
    addLong(that.longSum);
    doubleSum += that.doubleSum;
    if (that.decimalSum != null) {
      decimalSum = decimalSum == null ? that.decimalSum : decimalSum.add(that.decimalSum);
    }
    sawLong |= that.sawLong;
    sawDouble |= that.sawDouble;
    overflowed |= that.overflowed;
  }
}
