package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.bson.DecimalValues;
import dev.mongolake.delta.query.BsonComparisonOrder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** A {@code $group} accumulator's running state for one group. Not thread-safe. */
interface Accumulator {

  void add(BsonValue value);

  BsonValue result();

  /** A factory of fresh accumulators for an operator name such as {@code $sum}. */
  static Supplier<Accumulator> named(String operator) {
    return switch (operator) {
      case "$sum" -> Sum::new;
      case "$avg" -> Average::new;
      case "$min" -> () -> new Extreme(true);
      case "$max" -> () -> new Extreme(false);
      case "$first" -> () -> new Positional(true);
      case "$last" -> () -> new Positional(false);
      case "$push" -> Push::new;
      case "$addToSet" -> AddToSet::new;
      default ->
          throw new MongoLakeException(
              ErrorCode.LOCATION_15952, "unknown group operator '" + operator + "'");
    };
  }

  /** Sums numbers, widening Int32 to Int64 to Double to Decimal128 as MongoDB does. */
  final class Sum implements Accumulator {
    private long longSum;
    private double doubleSum;
    private BigDecimal decimalSum;
    private boolean sawLong;
    private boolean sawDouble;
    private boolean overflowed;

    @Override
    public void add(BsonValue value) {
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
  }

  /** Averages numbers; null when there were none. */
  final class Average implements Accumulator {
    private final Sum sum = new Sum();
    private long count;

    @Override
    public void add(BsonValue value) {
      if (value != null && value.isNumber() || value instanceof BsonDecimal128) {
        sum.add(value);
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
  }

  /** {@code $min}/{@code $max} in BSON order, ignoring null and missing. */
  final class Extreme implements Accumulator {
    private final boolean min;
    private BsonValue best;

    Extreme(boolean min) {
      this.min = min;
    }

    @Override
    public void add(BsonValue value) {
      if (value == null || value.isNull()) {
        return;
      }
      int order = best == null ? 0 : BsonComparisonOrder.INSTANCE.compare(value, best);
      if (best == null || (min ? order < 0 : order > 0)) {
        best = value;
      }
    }

    @Override
    public BsonValue result() {
      return best == null ? BsonNull.VALUE : best;
    }
  }

  /** {@code $first}/{@code $last}: missing values count as null. */
  final class Positional implements Accumulator {
    private final boolean first;
    private BsonValue value;
    private boolean seen;

    Positional(boolean first) {
      this.first = first;
    }

    @Override
    public void add(BsonValue next) {
      if (!first || !seen) {
        value = next == null ? BsonNull.VALUE : next;
        seen = true;
      }
    }

    @Override
    public BsonValue result() {
      return value == null ? BsonNull.VALUE : value;
    }
  }

  /** {@code $push}: every non-missing value, in order. */
  final class Push implements Accumulator {
    private final List<BsonValue> values = new ArrayList<>();

    @Override
    public void add(BsonValue value) {
      if (value != null) {
        values.add(value);
      }
    }

    @Override
    public BsonValue result() {
      return new BsonArray(values);
    }
  }

  /** {@code $addToSet}: distinct non-missing values (in BSON order). */
  final class AddToSet implements Accumulator {
    private final TreeSet<BsonValue> values = new TreeSet<>(BsonComparisonOrder.INSTANCE);

    @Override
    public void add(BsonValue value) {
      if (value != null) {
        values.add(value);
      }
    }

    @Override
    public BsonValue result() {
      return new BsonArray(new ArrayList<>(values));
    }
  }
}
