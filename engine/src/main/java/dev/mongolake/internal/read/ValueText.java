package dev.mongolake.internal.read;

import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonValue;

/**
 * Values written the way MongoDB's error messages write them: {@link #value} as its aggregation
 * {@code Value::toString} ({@code {a: 1, b: "x"}}, {@code [1, 2]}, {@code MISSING}), {@link
 * #element} as a BSON element ({@code name: value}). Only the rendering; no message text.
 */
public final class ValueText {

  private static final java.time.format.DateTimeFormatter ISO_DATE =
      java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
          .withZone(java.time.ZoneOffset.UTC);

  private ValueText() {}

  /** {@code value} as MongoDB renders it; {@code null} (missing) is {@code MISSING}. */
  public static String value(BsonValue value) {
    StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  /** A field and its value, {@code name: value}. */
  public static String element(String name, BsonValue value) {
    return name + ": " + value(value);
  }

  private static void append(StringBuilder out, BsonValue value) {
    if (value == null) {
      out.append("MISSING");
      return;
    }
    switch (value) {
      case BsonDocument document -> {
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, BsonValue> field : document.entrySet()) {
          out.append(first ? "" : ", ").append(field.getKey()).append(": ");
          append(out, field.getValue());
          first = false;
        }
        out.append('}');
      }
      case BsonArray array -> {
        out.append('[');
        for (int i = 0; i < array.size(); i++) {
          out.append(i == 0 ? "" : ", ");
          append(out, array.get(i));
        }
        out.append(']');
      }
      case BsonRegularExpression regex ->
          out.append('/').append(regex.getPattern()).append('/').append(regex.getOptions());
      case BsonBinary binary ->
          out.append("BinData(")
              .append(binary.getType())
              .append(", \"")
              .append(java.util.HexFormat.of().withUpperCase().formatHex(binary.getData()))
              .append("\")");
      default -> out.append(scalar(value));
    }
  }

  private static String scalar(BsonValue value) {
    return switch (value.getBsonType()) {
      case STRING -> '"' + value.asString().getValue() + '"';
      case INT32 -> Integer.toString(value.asInt32().getValue());
      case INT64 -> Long.toString(value.asInt64().getValue());
      case DOUBLE -> shortest(value.asDouble().getValue());
      case DECIMAL128 -> value.asDecimal128().getValue().toString();
      case BOOLEAN -> Boolean.toString(value.asBoolean().getValue());
      case NULL -> "null";
      case UNDEFINED -> "undefined";
      case OBJECT_ID -> value.asObjectId().getValue().toHexString();
      case DATE_TIME ->
          ISO_DATE.format(java.time.Instant.ofEpochMilli(value.asDateTime().getValue()));
      case TIMESTAMP ->
          "Timestamp(" + value.asTimestamp().getTime() + ", " + value.asTimestamp().getInc() + ")";
      case MIN_KEY -> "MinKey";
      case MAX_KEY -> "MaxKey";
      case SYMBOL -> "Symbol(\"" + value.asSymbol().getSymbol() + "\")";
      case JAVASCRIPT -> "Code(\"" + value.asJavaScript().getCode() + "\")";
      default -> value.toString();
    };
  }

  /** A double as C++ streams write it (six significant digits, no trailing zeros). */
  private static String shortest(double number) {
    if (Double.isNaN(number)) {
      return "nan";
    }
    if (Double.isInfinite(number)) {
      return number > 0 ? "inf" : "-inf";
    }
    if (number == Math.rint(number) && Math.abs(number) < 1e6) {
      return Long.toString((long) number);
    }
    String text = String.format("%.6g", number);
    if (text.contains("e")) {
      String mantissa = text.substring(0, text.indexOf('e'));
      String exponent = text.substring(text.indexOf('e'));
      return trimZeros(mantissa) + exponent;
    }
    return trimZeros(text);
  }

  private static String trimZeros(String text) {
    if (!text.contains(".")) {
      return text;
    }
    String trimmed = text.replaceAll("0+$", "");
    return trimmed.endsWith(".") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
  }
}
