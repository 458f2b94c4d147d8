package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.BsonTypeNames;
import dev.mongolake.update.internal.BsonDebugText;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Renders a value as MongoDB's {@code Value::toString()} does in expression error messages: numbers
 * bare (doubles as C++ streams print them, six significant digits: {@code 0.5}, {@code
 * 2.14748e+09}), strings in double quotes, {@code null}, missing as {@code MISSING}, arrays as
 * {@code [1, 2]} and documents as {@code {a: 1}}.
 */
final class ValueText {

  private ValueText() {}

  /** The rendering of {@code value} ({@code null} for missing). */
  static String of(BsonValue value) {
    if (value == null) {
      return "MISSING";
    }
    return switch (value.getBsonType()) {
      case INT32 -> Integer.toString(value.asInt32().getValue());
      case INT64 -> Long.toString(value.asInt64().getValue());
      case DOUBLE -> number(value.asDouble().getValue());
      case DECIMAL128 -> value.asDecimal128().getValue().toString();
      case STRING -> '"' + value.asString().getValue() + '"';
      case BOOLEAN -> Boolean.toString(value.asBoolean().getValue());
      case NULL -> "null";
      case UNDEFINED -> "undefined";
      case ARRAY -> array(value.asArray());
      case DOCUMENT -> document(value.asDocument());
      default -> BsonDebugText.value(value);
    };
  }

  /** MongoDB's name for the value's type, {@code missing} for a missing value. */
  static String typeName(BsonValue value) {
    return value == null ? "missing" : BsonTypeNames.of(value);
  }

  /** A double as C++'s default stream format prints it ({@code printf("%g")}). */
  static String number(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == 0) {
      return 1 / d < 0 ? "-0" : "0";
    }
    BigDecimal rounded = new BigDecimal(d).round(new MathContext(6, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= 6) {
      BigDecimal mantissa = rounded.movePointLeft(exponent);
      String digits = stripZeros(mantissa.toPlainString());
      String sign = exponent < 0 ? "-" : "+";
      int magnitude = Math.abs(exponent);
      return digits + "e" + sign + (magnitude < 10 ? "0" : "") + magnitude;
    }
    return stripZeros(rounded.toPlainString());
  }

  private static String stripZeros(String plain) {
    if (!plain.contains(".")) {
      return plain;
    }
    String trimmed = plain.replaceAll("0+$", "");
    return trimmed.endsWith(".") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
  }

  private static String array(BsonArray array) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < array.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(of(array.get(i)));
    }
    return out.append(']').toString();
  }

  private static String document(BsonDocument document) {
    StringBuilder out = new StringBuilder("{");
    boolean first = true;
    for (var field : document.entrySet()) {
      out.append(first ? "" : ", ")
          .append(field.getKey())
          .append(": ")
          .append(of(field.getValue()));
      first = false;
    }
    return out.append('}').toString();
  }
}
