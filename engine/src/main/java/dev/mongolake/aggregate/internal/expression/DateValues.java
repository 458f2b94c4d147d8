package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.util.Locale;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * How the date operators read their arguments: MongoDB's {@code coerceToDate} (a date, a
 * timestamp's seconds or an ObjectId's creation second) and {@code integral64Bit} (a number with an
 * exact 64-bit integer value).
 */
final class DateValues {

  private DateValues() {}

  /** Whether {@code value} is a date, a timestamp or an ObjectId. */
  static boolean coercibleToDate(BsonValue value) {
    BsonType type = value.getBsonType();
    return type == BsonType.DATE_TIME || type == BsonType.TIMESTAMP || type == BsonType.OBJECT_ID;
  }

  /**
   * Milliseconds since the epoch of a date, timestamp or ObjectId.
   *
   * @throws MongoLakeException 16006 for any other type
   */
  static long toMillis(BsonValue value) {
    return switch (value.getBsonType()) {
      case DATE_TIME -> value.asDateTime().getValue();
      case TIMESTAMP -> (value.asTimestamp().getTime() & 0xFFFFFFFFL) * 1000L;
      case OBJECT_ID -> (value.asObjectId().getValue().getTimestamp() & 0xFFFFFFFFL) * 1000L;
      default ->
          throw new MongoLakeException(
              ErrorCode.LOCATION_16006,
              "can't convert from BSON type " + BsonTypeNames.of(value) + " to Date");
    };
  }

  /** The exact 64-bit integer value of a number, or {@code null} when it has none. */
  static Long integral64(BsonValue value) {
    switch (value.getBsonType()) {
      case INT32:
        return (long) value.asInt32().getValue();
      case INT64:
        return value.asInt64().getValue();
      case DOUBLE:
        {
          double d = value.asDouble().getValue();
          // 2^63 is the first double past Long.MAX_VALUE.
          if (d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63) {
            return (long) d;
          }
          return null;
        }
      case DECIMAL128:
        {
          Decimal128 decimal = value.asDecimal128().getValue();
          if (decimal.isNaN() || decimal.isInfinite()) {
            return null;
          }
          BigDecimal exact = DecimalValues.finite(decimal);
          try {
            return exact.longValueExact();
          } catch (ArithmeticException notIntegral) {
            return null;
          }
        }
      default:
        return null;
    }
  }

  /**
   * A value as MongoDB's {@code Value::toString} prints it in these messages: strings quoted,
   * doubles with six significant digits as C++ streams write them ({@code 1.5}, {@code 2}, {@code
   * 1e+20}).
   */
  static String describe(BsonValue value) {
    return switch (value.getBsonType()) {
      case STRING -> "\"" + value.asString().getValue() + "\"";
      case DOUBLE -> streamDouble(value.asDouble().getValue());
      case DECIMAL128 -> value.asDecimal128().getValue().toString();
      default -> BsonDebugText.value(value);
    };
  }

  private static String streamDouble(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    String text = String.format(Locale.ROOT, "%.6g", d);
    int exponent = text.indexOf('e');
    String mantissa = exponent < 0 ? text : text.substring(0, exponent);
    String suffix = exponent < 0 ? "" : text.substring(exponent);
    if (mantissa.contains(".")) {
      mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return mantissa + suffix;
  }
}
