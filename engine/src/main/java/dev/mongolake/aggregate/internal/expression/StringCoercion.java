package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.time.Instant;
import org.bson.BsonValue;

/**
 * MongoDB's {@code coerceToString}, which {@code $toUpper}, {@code $toLower}, {@code $substrBytes},
 * {@code $substrCP} and {@code $strcasecmp} apply to their string argument: strings and code as
 * they are, numbers printed, dates in ISO-8601 UTC with milliseconds, null/undefined/missing as the
 * empty string; other types fail with 16007.
 */
final class StringCoercion {

  private StringCoercion() {}

  /**
   * The string {@code value} stands for.
   *
   * @param operator the operator asking, named when a value cannot be turned into a string here
   */
  static String coerce(BsonValue value, String operator) {
    if (ExpressionValues.isNullish(value)) {
      return "";
    }
    return switch (value.getBsonType()) {
      case STRING -> value.asString().getValue();
      case JAVASCRIPT -> value.asJavaScript().getCode();
      case SYMBOL -> value.asSymbol().getSymbol();
      case INT32 -> Integer.toString(value.asInt32().getValue());
      case INT64 -> Long.toString(value.asInt64().getValue());
      case DOUBLE -> ValueText.printfG(value.asDouble().getValue());
      case DECIMAL128 -> value.asDecimal128().getValue().toString();
      case DATE_TIME -> date(value.asDateTime().getValue(), operator);
      case TIMESTAMP ->
          // MongoDB prints a timestamp in the server's local time zone: not reproducible here.
          throw new MongoLakeException(
              ErrorCode.NOT_IMPLEMENTED,
              operator + " of a timestamp is not supported: convert it to a date first");
      default ->
          throw new MongoLakeException(
              ErrorCode.LOCATION_16007,
              "can't convert from BSON type " + BsonTypeNames.of(value) + " to String");
    };
  }

  private static String date(long millis, String operator) {
    if (millis < ValueText.FIRST_PRINTABLE_MILLIS || millis > ValueText.LAST_PRINTABLE_MILLIS) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          operator + " of a date outside the years 0 to 9999 is not supported");
    }
    return ValueText.ISO_MILLIS.format(Instant.ofEpochMilli(millis));
  }
}
