package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $substrBytes} (alias {@code $substr}), {@code $substrCP}, {@code $strLenBytes} and {@code
 * $strLenCP}: substrings and lengths counted in UTF-8 bytes or in Unicode code points.
 */
final class Substrings {

  private static final String BYTES = "$substrBytes";
  private static final String CODE_POINTS = "$substrCP";

  private Substrings() {}

  /**
   * {@code [string, start, length]} in UTF-8 bytes. A negative length takes the rest; a start past
   * the end gives {@code ""}; a range that cuts a character fails (28656, 28657).
   */
  static BsonValue bytes(BsonValue[] arguments) {
    byte[] utf8 = StringCoercion.coerce(arguments[0], BYTES).getBytes(StandardCharsets.UTF_8);
    BsonValue start = arguments[1];
    BsonValue length = arguments[2];
    if (!IndexValues.isNumeric(start)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16034,
          BYTES
              + ":  starting index must be a numeric type (is BSON type "
              + typeName(start)
              + ")");
    }
    if (!IndexValues.isNumeric(length)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16035,
          BYTES + ":  length must be a numeric type (is BSON type " + typeName(length) + ")");
    }
    long lower = IndexValues.toLong(start);
    if (lower < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_50752,
          BYTES + ":  starting index must be non-negative (got: " + lower + ")");
    }
    long signedLength = IndexValues.toLong(length);
    long count = signedLength < 0 ? utf8.length : signedLength;
    if (lower < utf8.length && isContinuation(utf8[(int) lower])) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28656,
          BYTES + ":  Invalid range, starting index is a UTF-8 continuation byte.");
    }
    long end = lower + count;
    if (end >= 0 && end < utf8.length && isContinuation(utf8[(int) end])) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28657,
          BYTES + ":  Invalid range, ending index is in the middle of a UTF-8 character.");
    }
    if (lower >= utf8.length) {
      return new BsonString("");
    }
    int to = (int) Math.min(utf8.length, end < 0 ? utf8.length : end);
    return new BsonString(
        new String(Arrays.copyOfRange(utf8, (int) lower, to), StandardCharsets.UTF_8));
  }

  /** {@code [string, start, length]} in code points; both must be non-negative integers. */
  static BsonValue codePoints(BsonValue[] arguments) {
    String input = StringCoercion.coerce(arguments[0], CODE_POINTS);
    BsonValue start = arguments[1];
    BsonValue length = arguments[2];
    if (!IndexValues.isNumeric(start)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34450,
          CODE_POINTS
              + ": starting index must be a numeric type (is BSON type "
              + typeName(start)
              + ")");
    }
    if (!IndexValues.isIntegral(start)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34451,
          CODE_POINTS
              + ": starting index cannot be represented as a 32-bit integral value: "
              + ValueText.of(start));
    }
    if (!IndexValues.isNumeric(length)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34452,
          CODE_POINTS + ": length must be a numeric type (is BSON type " + typeName(length) + ")");
    }
    if (!IndexValues.isIntegral(length)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34453,
          CODE_POINTS
              + ": length cannot be represented as a 32-bit integral value: "
              + ValueText.of(length));
    }
    int first = IndexValues.toInt(start);
    int count = IndexValues.toInt(length);
    if (count < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34454, CODE_POINTS + ": length must be a nonnegative integer.");
    }
    if (first < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34455,
          CODE_POINTS + ": the starting index must be nonnegative integer.");
    }
    int total = input.codePointCount(0, input.length());
    if (first >= total) {
      return new BsonString("");
    }
    int from = input.offsetByCodePoints(0, first);
    int to = input.offsetByCodePoints(from, Math.min(count, total - first));
    return new BsonString(input.substring(from, to));
  }

  /** {@code $strLenBytes}: the UTF-8 length of a string (34473 for anything else). */
  static BsonValue lengthInBytes(BsonValue[] arguments) {
    BsonValue value = arguments[0];
    if (!(value instanceof BsonString string)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34473,
          "$strLenBytes requires a string argument, found: " + typeName(value));
    }
    return new BsonInt32(utf8Length(string.getValue()));
  }

  /** {@code $strLenCP}: the number of code points of a string (34471 for anything else). */
  static BsonValue lengthInCodePoints(BsonValue[] arguments) {
    BsonValue value = arguments[0];
    if (!(value instanceof BsonString string)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34471,
          "$strLenCP requires a string argument, found: " + typeName(value));
    }
    return new BsonInt32(string.getValue().codePointCount(0, string.getValue().length()));
  }

  /** The number of bytes of {@code text} in UTF-8, without encoding it. */
  static int utf8Length(String text) {
    int bytes = 0;
    for (int i = 0; i < text.length(); ) {
      int codePoint = text.codePointAt(i);
      bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
      i += Character.charCount(codePoint);
    }
    return bytes;
  }

  private static boolean isContinuation(byte b) {
    return (b & 0xC0) == 0x80;
  }

  static String typeName(BsonValue value) {
    return value == null ? "missing" : BsonTypeNames.of(value);
  }
}
