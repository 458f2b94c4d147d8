package dev.mongolake.delta.query.ast;

import dev.mongolake.delta.order.NumericComparison;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.OptionalLong;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** Reads BSON numbers as 64-bit integers, the way $mod and the bit operators need them. */
public final class IntegralValues {
  private static final double TWO_POW_63 = 0x1p63;
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private IntegralValues() {}

  /** The value truncated toward zero, if it is a finite number within the 64-bit range. */
  public static OptionalLong truncated(BsonValue value) {
    return convert(value, false);
  }

  /** The value, if it is a number with no fractional part within the 64-bit range. */
  public static OptionalLong exact(BsonValue value) {
    return convert(value, true);
  }

  private static OptionalLong convert(BsonValue value, boolean requireIntegral) {
    switch (value.getBsonType()) {
      case INT32:
        return OptionalLong.of(value.asInt32().getValue());
      case INT64:
        return OptionalLong.of(value.asInt64().getValue());
      case DOUBLE:
        {
          double d = value.asDouble().getValue();
          if (Double.isNaN(d) || d >= TWO_POW_63 || d < -TWO_POW_63) {
            return OptionalLong.empty();
          }
          if (requireIntegral && d != Math.rint(d)) {
            return OptionalLong.empty();
          }
          return OptionalLong.of((long) d);
        }
      case DECIMAL128:
        {
          Decimal128 dec = value.asDecimal128().getValue();
          if (!dec.isFinite()) {
            return OptionalLong.empty();
          }
          BigDecimal exact = NumericComparison.finiteDecimal(dec);
          BigDecimal whole = exact.setScale(0, RoundingMode.DOWN);
          if (requireIntegral && whole.compareTo(exact) != 0) {
            return OptionalLong.empty();
          }
          if (whole.compareTo(LONG_MIN) < 0 || whole.compareTo(LONG_MAX) > 0) {
            return OptionalLong.empty();
          }
          return OptionalLong.of(whole.longValueExact());
        }
      default:
        return OptionalLong.empty();
    }
  }
}
