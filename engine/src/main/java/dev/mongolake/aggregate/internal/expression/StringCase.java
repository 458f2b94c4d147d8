package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $concat}, {@code $toUpper}, {@code $toLower} and {@code $strcasecmp}. Case changes are
 * ASCII-only, as MongoDB's are: {@code "é"} stays {@code "é"}.
 */
final class StringCase {

  private StringCase() {}

  /** {@code $concat}: null as soon as an argument is nullish; 16702 for a non-string. */
  static BsonValue concat(InOrderCall.Lazy arguments) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < arguments.size(); i++) {
      BsonValue argument = arguments.get(i);
      if (ExpressionValues.isNullish(argument)) {
        return BsonNull.VALUE;
      }
      if (!(argument instanceof BsonString string)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16702,
            "$concat only supports strings, not " + Substrings.typeName(argument));
      }
      out.append(string.getValue());
    }
    return new BsonString(out.toString());
  }

  /** {@code $toUpper}: ASCII letters upper-cased. */
  static BsonValue toUpper(BsonValue[] arguments) {
    return new BsonString(asciiUpper(StringCoercion.coerce(arguments[0], "$toUpper")));
  }

  /** {@code $toLower}: ASCII letters lower-cased. */
  static BsonValue toLower(BsonValue[] arguments) {
    String text = StringCoercion.coerce(arguments[0], "$toLower");
    char[] chars = text.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      if (chars[i] >= 'A' && chars[i] <= 'Z') {
        chars[i] = (char) (chars[i] + ('a' - 'A'));
      }
    }
    return new BsonString(new String(chars));
  }

  /**
   * {@code $strcasecmp}: -1, 0 or 1 comparing the ASCII-upper-cased UTF-8 bytes of both strings,
   * which is how MongoDB orders them (not by UTF-16 units).
   */
  static BsonValue compareIgnoringCase(BsonValue[] arguments) {
    byte[] left =
        asciiUpper(StringCoercion.coerce(arguments[0], "$strcasecmp"))
            .getBytes(StandardCharsets.UTF_8);
    byte[] right =
        asciiUpper(StringCoercion.coerce(arguments[1], "$strcasecmp"))
            .getBytes(StandardCharsets.UTF_8);
    return new BsonInt32(Integer.signum(Arrays.compareUnsigned(left, right)));
  }

  private static String asciiUpper(String text) {
    char[] chars = text.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      if (chars[i] >= 'a' && chars[i] <= 'z') {
        chars[i] = (char) (chars[i] - ('a' - 'A'));
      }
    }
    return new String(chars);
  }
}
