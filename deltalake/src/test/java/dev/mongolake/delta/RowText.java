package dev.mongolake.delta;

import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;

/**
 * One canonical text per column value, so rows read by two different readers compare as strings.
 * Each kind has its own prefix so that, say, the long 1 and the string "1" never compare equal.
 */
final class RowText {
  static final String NULL = "null";

  private RowText() {}

  static String integral(long value) {
    return Long.toString(value);
  }

  static String floating(float value) {
    return "f" + value;
  }

  static String floating(double value) {
    return "d" + value;
  }

  static String decimal(BigDecimal value) {
    return "n" + value.toPlainString();
  }

  static String string(String value) {
    return new TextNode(value).toString();
  }

  static String binary(byte[] value) {
    return "0x" + HexFormat.of().formatHex(value);
  }

  static String bool(boolean value) {
    return Boolean.toString(value);
  }

  static String date(int daysSinceEpoch) {
    return "date:" + daysSinceEpoch;
  }

  static String timestamp(long microsSinceEpoch) {
    return "ts:" + microsSinceEpoch;
  }

  static String struct(List<String> fields) {
    return "{" + String.join(",", fields) + "}";
  }

  static String array(List<String> elements) {
    return "[" + String.join(",", elements) + "]";
  }

  /** Entries in the order read, each {@code key=value}. */
  static String map(List<String> entries) {
    return "<" + String.join(",", entries) + ">";
  }
}
