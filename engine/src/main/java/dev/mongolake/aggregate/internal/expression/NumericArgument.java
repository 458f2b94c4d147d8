package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * MongoDB's tests on numeric arguments that must be whole numbers ({@code Value::integral()} and
 * {@code integral64Bit()}): any numeric type is accepted when its value is a whole number that fits
 * the width, so {@code 2.0} and {@code NumberLong(2)} are the index 2 while {@code 2.5} and {@code
 * 2^31} are not.
 */
final class NumericArgument {

  private NumericArgument() {}

  /** The value as a 32-bit integer, or empty when it is not a number or not a whole int. */
  static OptionalInt int32(BsonValue value) {
    OptionalLong whole = wholeNumber(value);
    if (whole.isEmpty()
        || whole.getAsLong() < Integer.MIN_VALUE
        || whole.getAsLong() > Integer.MAX_VALUE) {
      return OptionalInt.empty();
    }
    return OptionalInt.of((int) whole.getAsLong());
  }

  /** The value as a 64-bit integer, or empty when it is not a number or not a whole long. */
  static OptionalLong int64(BsonValue value) {
    return wholeNumber(value);
  }

  /** The value as a double, as MongoDB's {@code coerceToDouble} (for messages). */
  static double asDouble(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> value.asInt32().getValue();
      case INT64 -> value.asInt64().getValue();
      case DOUBLE -> value.asDouble().getValue();
      case DECIMAL128 -> decimalAsDouble(value.asDecimal128().getValue());
      default -> throw new IllegalArgumentException("not a number: " + value);
    };
  }

  private static double decimalAsDouble(Decimal128 decimal) {
    if (decimal.isNaN()) {
      return Double.NaN;
    }
    if (decimal.isInfinite()) {
      return decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    return DecimalValues.finite(decimal).doubleValue();
  }

  private static OptionalLong wholeNumber(BsonValue value) {
    if (value == null) {
      return OptionalLong.empty();
    }
    return switch (value.getBsonType()) {
      case INT32 -> OptionalLong.of(value.asInt32().getValue());
      case INT64 -> OptionalLong.of(value.asInt64().getValue());
      case DOUBLE -> wholeDouble(value.asDouble().getValue());
      case DECIMAL128 -> wholeDecimal(value.asDecimal128().getValue());
      default -> OptionalLong.empty();
    };
  }

  private static OptionalLong wholeDouble(double d) {
    // The bounds are exclusive at the top: 2^63 is a double but not a long.
    if (Double.isNaN(d) || d != Math.rint(d) || d < -0x1p63 || d >= 0x1p63) {
      return OptionalLong.empty();
    }
    return OptionalLong.of((long) d);
  }

  private static OptionalLong wholeDecimal(Decimal128 decimal) {
    if (decimal.isNaN() || decimal.isInfinite()) {
      return OptionalLong.empty();
    }
    BigDecimal exact = DecimalValues.finite(decimal);
    try {
      return OptionalLong.of(exact.longValueExact());
    } catch (ArithmeticException notWholeOrTooLarge) {
      return OptionalLong.empty();
    }
  }
}
