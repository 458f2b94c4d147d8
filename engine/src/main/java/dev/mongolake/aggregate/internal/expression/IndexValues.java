package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.bson.BsonValue;

/**
 * How the string operators read numeric positions and lengths, with MongoDB's {@code Value} rules:
 * {@code numeric()} (any number type), {@code integral()} (a number whose value is an exact 32-bit
 * integer) and the truncating {@code coerceToLong}/{@code coerceToInt}.
 */
final class IndexValues {

  private IndexValues() {}

  /** Whether {@code value} is an int, long, double or decimal. */
  static boolean isNumeric(BsonValue value) {
    return ExpressionValues.isNumber(value);
  }

  /** Whether {@code value} is a number representable exactly as a 32-bit integer. */
  static boolean isIntegral(BsonValue value) {
    if (value == null) {
      return false;
    }
    return switch (value.getBsonType()) {
      case INT32 -> true;
      case INT64 ->
          value.asInt64().getValue() >= Integer.MIN_VALUE
              && value.asInt64().getValue() <= Integer.MAX_VALUE;
      case DOUBLE -> {
        double d = value.asDouble().getValue();
        yield d == Math.rint(d) && d >= Integer.MIN_VALUE && d <= Integer.MAX_VALUE;
      }
      case DECIMAL128 -> {
        if (value.asDecimal128().getValue().isNaN()
            || value.asDecimal128().getValue().isInfinite()) {
          yield false;
        }
        BigDecimal decimal = DecimalValues.finite(value.asDecimal128().getValue());
        yield decimal.stripTrailingZeros().scale() <= 0
            && decimal.compareTo(BigDecimal.valueOf(Integer.MIN_VALUE)) >= 0
            && decimal.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0;
      }
      default -> false;
    };
  }

  /** A number truncated toward zero to a long (C's cast, saturating for out-of-range doubles). */
  static long toLong(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> value.asInt32().getValue();
      case INT64 -> value.asInt64().getValue();
      case DOUBLE -> (long) value.asDouble().getValue();
      case DECIMAL128 -> {
        if (value.asDecimal128().getValue().isNaN()) {
          yield 0;
        }
        if (value.asDecimal128().getValue().isInfinite()) {
          yield value.asDecimal128().getValue().isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        BigDecimal truncated =
            DecimalValues.finite(value.asDecimal128().getValue()).setScale(0, RoundingMode.DOWN);
        yield truncated
            .max(BigDecimal.valueOf(Long.MIN_VALUE))
            .min(BigDecimal.valueOf(Long.MAX_VALUE))
            .longValueExact();
      }
      default -> throw new IllegalArgumentException("not a number: " + value);
    };
  }

  /** An integral number (see {@link #isIntegral}) as an int. */
  static int toInt(BsonValue value) {
    return (int) toLong(value);
  }
}
