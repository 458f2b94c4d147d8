package dev.mongolake.aggregate.internal.expression;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Strings read as numbers and ObjectIds by {@code $convert}, with the rules and messages of
 * MongoDB's {@code NumberParser}: integers in base 10 with an optional sign, doubles as C's {@code
 * strtod} reads them (no leading whitespace), decimals as decimal128 text; a {@code 0x} prefix is
 * refused for all.
 */
final class StringNumbers {

  private static final BigInteger UINT64_LIMIT = BigInteger.ONE.shiftLeft(64);
  private static final Pattern STRTOD_PREFIX =
      Pattern.compile(
          "[+-]?(?:(?i:infinity|inf|nan(?:\\([0-9A-Za-z_]*\\))?)"
              + "|0[xX](?:[0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
              + "|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)");
  private static final Pattern DECIMAL_TEXT =
      Pattern.compile(
          "[+-]?(?:(?i:infinity|inf|nan)|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)");

  private StringNumbers() {}

  static BsonValue toInt(String text) {
    return new BsonInt32((int) integer(text, Integer.MIN_VALUE, Integer.MAX_VALUE));
  }

  static BsonValue toLong(String text) {
    return new BsonInt64(integer(text, Long.MIN_VALUE, Long.MAX_VALUE));
  }

  private static long integer(String text, long min, long max) {
    checkNotHex(text);
    boolean negative = text.startsWith("-");
    String digits = negative || text.startsWith("+") ? text.substring(1) : text;
    if (digits.isEmpty()) {
      throw parseFailure(text, "No digits");
    }
    BigInteger magnitude = BigInteger.ZERO;
    int consumed = 0;
    while (consumed < digits.length()
        && digits.charAt(consumed) >= '0'
        && digits.charAt(consumed) <= '9') {
      magnitude =
          magnitude.multiply(BigInteger.TEN).add(BigInteger.valueOf(digits.charAt(consumed) - '0'));
      if (magnitude.compareTo(UINT64_LIMIT) >= 0) {
        throw parseFailure(text, "Overflow");
      }
      consumed++;
    }
    if (consumed != digits.length()) {
      throw parseFailure(text, "Did not consume whole string.");
    }
    BigInteger value = negative ? magnitude.negate() : magnitude;
    if (value.compareTo(BigInteger.valueOf(min)) < 0
        || value.compareTo(BigInteger.valueOf(max)) > 0) {
      throw parseFailure(text, "Overflow");
    }
    return value.longValueExact();
  }

  static BsonValue toDouble(String text) {
    checkNotHex(text);
    if (text.isEmpty()) {
      throw parseFailure(text, "Empty string");
    }
    if (Character.isWhitespace(text.charAt(0))) {
      throw parseFailure(text, "Leading whitespace");
    }
    Matcher matcher = STRTOD_PREFIX.matcher(text);
    if (!matcher.lookingAt()) {
      throw parseFailure(text, "Did not consume any digits");
    }
    double value = strtod(matcher.group(), text);
    if (matcher.end() != text.length()) {
      throw parseFailure(text, "Did not consume whole string.");
    }
    return new BsonDouble(value);
  }

  private static double strtod(String number, String text) {
    String unsigned =
        number.startsWith("-") || number.startsWith("+") ? number.substring(1) : number;
    boolean negative = number.startsWith("-");
    String lower = unsigned.toLowerCase(java.util.Locale.ROOT);
    double magnitude;
    if (lower.startsWith("inf")) {
      magnitude = Double.POSITIVE_INFINITY;
    } else if (lower.startsWith("nan")) {
      magnitude = Double.NaN;
    } else {
      BigDecimal exact =
          lower.startsWith("0x") ? hexValue(lower.substring(2)) : new BigDecimal(unsigned);
      magnitude = exact.doubleValue();
      boolean underflow = exact.signum() != 0 && Math.abs(magnitude) < Double.MIN_NORMAL;
      if (Double.isInfinite(magnitude) || underflow) {
        // strtod reports ERANGE for overflow and for results in the subnormal range.
        throw parseFailure(text, "Out of range");
      }
    }
    return negative ? -magnitude : magnitude;
  }

  private static BigDecimal hexValue(String hex) {
    int exponentAt = hex.indexOf('p');
    String mantissa = exponentAt < 0 ? hex : hex.substring(0, exponentAt);
    int exponent =
        exponentAt < 0 ? 0 : Integer.parseInt(hex.substring(exponentAt + 1).replace("+", ""));
    int point = mantissa.indexOf('.');
    String digits =
        point < 0 ? mantissa : mantissa.substring(0, point) + mantissa.substring(point + 1);
    int fractionDigits = point < 0 ? 0 : mantissa.length() - point - 1;
    BigDecimal value = new BigDecimal(new BigInteger(digits.isEmpty() ? "0" : digits, 16));
    int binaryExponent = exponent - 4 * fractionDigits;
    return binaryExponent >= 0
        ? value.multiply(new BigDecimal(BigInteger.TWO.pow(binaryExponent)))
        : value.divide(new BigDecimal(BigInteger.TWO.pow(-binaryExponent)));
  }

  static BsonValue toDecimal(String text) {
    checkNotHex(text);
    if (text.isEmpty()) {
      throw parseFailure(text, "Empty string");
    }
    if (!DECIMAL_TEXT.matcher(text).matches()) {
      throw parseFailure(text, "Failed to parse string to decimal");
    }
    String unsigned = text.startsWith("-") || text.startsWith("+") ? text.substring(1) : text;
    boolean negative = text.startsWith("-");
    String lower = unsigned.toLowerCase(java.util.Locale.ROOT);
    if (lower.startsWith("inf")) {
      return new BsonDecimal128(
          negative ? Decimal128.NEGATIVE_INFINITY : Decimal128.POSITIVE_INFINITY);
    }
    if (lower.startsWith("nan")) {
      return new BsonDecimal128(Decimal128.NaN);
    }
    BigDecimal exact;
    try {
      exact = new BigDecimal(unsigned);
    } catch (NumberFormatException exponentTooLarge) {
      throw parseFailure(text, "Failed to parse string to decimal");
    }
    Decimal128 rounded = DecimalArithmetic.round(exact, false);
    if (rounded.isInfinite()) {
      throw parseFailure(text, "Conversion from string to decimal would overflow");
    }
    if (exact.signum() != 0 && DecimalArithmetic.isZero(rounded)) {
      throw parseFailure(text, "Conversion from string to decimal would underflow");
    }
    return new BsonDecimal128(negative ? DecimalArithmetic.negate(rounded) : rounded);
  }

  static BsonValue toObjectId(String text) {
    if (text.length() != 24) {
      throw objectIdFailure(
          text, "Invalid string length for parsing to OID, expected 24 but found " + text.length());
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean hexDigit = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
      if (!hexDigit) {
        throw objectIdFailure(text, "Invalid character found in hex string: " + c);
      }
    }
    return new BsonObjectId(new ObjectId(text));
  }

  private static void checkNotHex(String text) {
    if (text.startsWith("0x")) {
      throw ValueConversions.failure(
          "Illegal hexadecimal input in $convert with no onError value: " + text);
    }
  }

  private static dev.mongolake.MongoLakeException parseFailure(String text, String reason) {
    return ValueConversions.failure(
        "Failed to parse number '" + text + "' in $convert with no onError value: " + reason);
  }

  private static dev.mongolake.MongoLakeException objectIdFailure(String text, String reason) {
    return ValueConversions.failure(
        "Failed to parse objectId '" + text + "' in $convert with no onError value: " + reason);
  }
}
