package dev.mongolake.aggregate.internal.expression;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * How MongoDB's server reads a number as another numeric type ({@code coerceToDouble}, {@code
 * coerceToDecimal}, {@code coerceToLong}) and its {@code integral()} test. The arguments must be
 * numbers (Int32, Int64, Double or Decimal128).
 */
public final class NumericCoercion {

  private static final MathContext FIFTEEN_DIGITS = new MathContext(15, RoundingMode.HALF_EVEN);
  private static final MathContext THIRTY_FOUR_DIGITS = new MathContext(34, RoundingMode.HALF_EVEN);

  private NumericCoercion() {}

  /** The value as a double (an Int64 or a decimal rounded to the nearest double). */
  public static double toDouble(BsonValue number) {
    return switch (number.getBsonType()) {
      case INT32 -> number.asInt32().getValue();
      case INT64 -> number.asInt64().getValue();
      case DOUBLE -> number.asDouble().getValue();
      case DECIMAL128 -> number.asDecimal128().getValue().doubleValue();
      default -> throw new IllegalArgumentException("not a number: " + number);
    };
  }

  /**
   * The value as a decimal: integers exactly, a double with 15 significant digits as MongoDB
   * converts it ({@code 2.5} becomes {@code 2.50000000000000}).
   */
  public static Decimal128 toDecimal(BsonValue number) {
    return switch (number.getBsonType()) {
      case INT32 -> new Decimal128(number.asInt32().getValue());
      case INT64 -> new Decimal128(number.asInt64().getValue());
      case DOUBLE -> doubleToDecimal(number.asDouble().getValue(), FIFTEEN_DIGITS);
      case DECIMAL128 -> number.asDecimal128().getValue();
      default -> throw new IllegalArgumentException("not a number: " + number);
    };
  }

  /** A double as a decimal with 34 significant digits (what {@code $round} works on). */
  public static Decimal128 doubleToDecimal34(double value) {
    return doubleToDecimal(value, THIRTY_FOUR_DIGITS);
  }

  private static Decimal128 doubleToDecimal(double value, MathContext digits) {
    if (Double.isNaN(value)) {
      return Decimal128.NaN;
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? Decimal128.POSITIVE_INFINITY : Decimal128.NEGATIVE_INFINITY;
    }
    if (value == 0) {
      return 1 / value < 0 ? DecimalArithmetic.negate(new Decimal128(0)) : new Decimal128(0);
    }
    BigDecimal rounded = new BigDecimal(value).round(digits);
    if (digits == FIFTEEN_DIGITS && rounded.precision() < digits.getPrecision()) {
      // MongoDB quantizes to exactly fifteen significant digits, trailing zeros included.
      rounded = rounded.setScale(rounded.scale() + digits.getPrecision() - rounded.precision());
    }
    return DecimalArithmetic.round(rounded, false);
  }

  /** The value truncated to a long (a double saturates as C++'s cast does not: callers check). */
  public static long toLong(BsonValue number) {
    return switch (number.getBsonType()) {
      case INT32 -> number.asInt32().getValue();
      case INT64 -> number.asInt64().getValue();
      case DOUBLE -> (long) number.asDouble().getValue();
      case DECIMAL128 -> {
        Decimal128 decimal = number.asDecimal128().getValue();
        yield decimal.isNaN() || decimal.isInfinite()
            ? 0
            : DecimalArithmetic.value(decimal).longValue();
      }
      default -> throw new IllegalArgumentException("not a number: " + number);
    };
  }

  /** MongoDB's {@code integral()}: a number whose value is a whole number that fits an Int32. */
  public static boolean isIntegral32(BsonValue number) {
    return isWhole(number, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  /** MongoDB's {@code integral64Bit()}: a whole number that fits an Int64. */
  public static boolean isIntegral64(BsonValue number) {
    return isWhole(number, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  private static boolean isWhole(BsonValue number, long min, long max) {
    return switch (number.getBsonType()) {
      case INT32 -> true;
      case INT64 -> {
        long value = number.asInt64().getValue();
        yield value >= min && value <= max;
      }
      case DOUBLE -> {
        double value = number.asDouble().getValue();
        yield value == Math.floor(value)
            && !Double.isInfinite(value)
            && value >= min
            && value < (max == Long.MAX_VALUE ? 0x1p63 : max + 1.0);
      }
      case DECIMAL128 -> {
        Decimal128 decimal = number.asDecimal128().getValue();
        if (decimal.isNaN() || decimal.isInfinite()) {
          yield false;
        }
        BigDecimal value = DecimalArithmetic.value(decimal);
        yield value.signum() == 0
            || (value.stripTrailingZeros().scale() <= 0
                && value.compareTo(BigDecimal.valueOf(min)) >= 0
                && value.compareTo(BigDecimal.valueOf(max)) <= 0);
      }
      default -> false;
    };
  }
}
