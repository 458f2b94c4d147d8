package dev.mongolake.aggregate.internal.expression;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Map;
import org.bson.BsonValue;

/**
 * Values as MongoDB's messages print them ({@code Value::toString()}): strings in double quotes,
 * documents as {@code {a: 1}}, arrays as {@code [1, 2]}, doubles as C's {@code %g}. Used wherever
 * an error quotes the offending value, so that the message is the one MongoDB sends.
 */
final class ValueText {

  /** MongoDB's {@code kIsoFormatStringZ}, for dates in messages and in string coercion. */
  static final DateTimeFormatter ISO_MILLIS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  /** The earliest and latest dates MongoDB's date formatting prints (years 0 to 9999). */
  static final long FIRST_PRINTABLE_MILLIS = -62167219200000L;

  static final long LAST_PRINTABLE_MILLIS = 253402300799999L;

  private ValueText() {}

  /** {@code value} as MongoDB prints it; missing is {@code MISSING}. */
  static String of(BsonValue value) {
    if (value == null) {
      return "MISSING";
    }
    return switch (value.getBsonType()) {
      case STRING -> '"' + value.asString().getValue() + '"';
      case INT32 -> Integer.toString(value.asInt32().getValue());
      case INT64 -> Long.toString(value.asInt64().getValue());
      case DOUBLE -> printfG(value.asDouble().getValue());
      case DECIMAL128 -> value.asDecimal128().getValue().toString();
      case BOOLEAN -> value.asBoolean().getValue() ? "true" : "false";
      case NULL -> "null";
      case UNDEFINED -> "undefined";
      case MIN_KEY -> "MinKey";
      case MAX_KEY -> "MaxKey";
      case OBJECT_ID -> value.asObjectId().getValue().toHexString();
      case REGULAR_EXPRESSION ->
          "/"
              + value.asRegularExpression().getPattern()
              + "/"
              + value.asRegularExpression().getOptions();
      case SYMBOL -> "Symbol(\"" + value.asSymbol().getSymbol() + "\")";
      case JAVASCRIPT -> "Code(\"" + value.asJavaScript().getCode() + "\")";
      case DATE_TIME -> date(value.asDateTime().getValue());
      case BINARY ->
          "BinData("
              + (value.asBinary().getType() & 0xFF)
              + ", \""
              + HexFormat.of().withUpperCase().formatHex(value.asBinary().getData())
              + "\")";
      case TIMESTAMP ->
          "Timestamp(" + value.asTimestamp().getTime() + ", " + value.asTimestamp().getInc() + ")";
      case DOCUMENT -> document(value.asDocument());
      case ARRAY -> array(value.asArray());
      default -> value.toString();
    };
  }

  /** MongoDB's name for the value's type, {@code missing} for a missing value. */
  static String typeName(BsonValue value) {
    return value == null ? "missing" : dev.mongolake.bson.BsonTypeNames.of(value);
  }

  /** A double as C++'s default stream format prints it ({@code printf("%g")}). */
  static String number(double d) {
    return printfG(d);
  }

  private static String date(long millis) {
    if (millis < FIRST_PRINTABLE_MILLIS || millis > LAST_PRINTABLE_MILLIS) {
      return "illegal date";
    }
    return ISO_MILLIS.format(Instant.ofEpochMilli(millis));
  }

  private static String document(Map<String, BsonValue> fields) {
    StringBuilder out = new StringBuilder("{");
    String separator = "";
    for (Map.Entry<String, BsonValue> field : fields.entrySet()) {
      out.append(separator).append(field.getKey()).append(": ").append(of(field.getValue()));
      separator = ", ";
    }
    return out.append('}').toString();
  }

  private static String array(Iterable<BsonValue> elements) {
    StringBuilder out = new StringBuilder("[");
    String separator = "";
    for (BsonValue element : elements) {
      out.append(separator).append(of(element));
      separator = ", ";
    }
    return out.append(']').toString();
  }

  /**
   * C's {@code printf("%g")}: six significant digits, trailing zeros dropped, scientific notation
   * (two-digit exponent at least) below 1e-4 and from 1e6. MongoDB streams doubles this way, both
   * in messages and when {@code $toUpper}, {@code $substr} and others turn a double into a string.
   */
  static String printfG(double value) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return (1 / value < 0) ? "-0" : "0";
    }
    BigDecimal rounded = new BigDecimal(value).round(new MathContext(6));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= 6) {
      BigDecimal mantissa = rounded.movePointLeft(exponent).stripTrailingZeros();
      String digits = mantissa.toPlainString();
      String sign = exponent < 0 ? "-" : "+";
      int magnitude = Math.abs(exponent);
      return digits + "e" + sign + (magnitude < 10 ? "0" : "") + magnitude;
    }
    return rounded.stripTrailingZeros().toPlainString();
  }
}
