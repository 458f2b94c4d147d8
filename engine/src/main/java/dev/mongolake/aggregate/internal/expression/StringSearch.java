package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.nio.charset.StandardCharsets;
import org.bson.BsonArray;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $indexOfBytes}, {@code $indexOfCP} and {@code $split}: finding a substring, by UTF-8 byte
 * or code point position, and cutting a string at a separator.
 */
final class StringSearch {

  private static final BsonInt32 NOT_FOUND = new BsonInt32(-1);

  private StringSearch() {}

  /**
   * {@code [string, substring, start?, end?]}: the first byte index of the substring within {@code
   * [start, end)}, or -1; null for a nullish string.
   */
  static BsonValue indexOfBytes(InOrderCall.Lazy arguments) {
    String operator = "$indexOfBytes";
    if (ExpressionValues.isNullish(arguments.get(0))) {
      return BsonNull.VALUE;
    }
    byte[] input = requireString(arguments.get(0), operator, ErrorCode.LOCATION_40091, "first");
    byte[] token = requireString(arguments.get(1), operator, ErrorCode.LOCATION_40092, "second");
    int start = 0;
    if (arguments.size() > 2) {
      start = requireIndex(arguments.get(2), operator, "starting index");
    }
    int end = input.length;
    if (arguments.size() > 3) {
      end = Math.min(input.length, requireIndex(arguments.get(3), operator, "ending index"));
    }
    if (start > input.length || end < start) {
      return NOT_FOUND;
    }
    for (int i = start; i + token.length <= end; i++) {
      if (matchesAt(input, i, token)) {
        return new BsonInt32(i);
      }
    }
    return NOT_FOUND;
  }

  /**
   * {@code [string, substring, start?, end?]} in code points. As in MongoDB, a match may start
   * before {@code end} and run past it, and the empty string is found in the empty string at 0.
   */
  static BsonValue indexOfCodePoints(InOrderCall.Lazy arguments) {
    String operator = "$indexOfCP";
    if (ExpressionValues.isNullish(arguments.get(0))) {
      return BsonNull.VALUE;
    }
    if (!(arguments.get(0) instanceof BsonString inputString)) {
      throw notString(arguments.get(0), operator, ErrorCode.LOCATION_40093, "first");
    }
    if (!(arguments.get(1) instanceof BsonString tokenString)) {
      throw notString(arguments.get(1), operator, ErrorCode.LOCATION_40094, "second");
    }
    String input = inputString.getValue();
    String token = tokenString.getValue();
    int length = input.codePointCount(0, input.length());
    int start = 0;
    if (arguments.size() > 2) {
      start = requireIndex(arguments.get(2), operator, "starting index");
    }
    int end = length;
    if (arguments.size() > 3) {
      end = Math.min(length, requireIndex(arguments.get(3), operator, "ending index"));
    }
    if (end < start) {
      return NOT_FOUND;
    }
    if (input.isEmpty() && token.isEmpty()) {
      return new BsonInt32(0);
    }
    if (start >= length) {
      return NOT_FOUND;
    }
    int offset = input.offsetByCodePoints(0, start);
    for (int index = start; index < end; index++) {
      if (input.startsWith(token, offset)) {
        return new BsonInt32(index);
      }
      offset += Character.charCount(input.codePointAt(offset));
    }
    return NOT_FOUND;
  }

  /** {@code [string, separator]}: the pieces between separators, or null when either is nullish. */
  static BsonValue split(BsonValue[] arguments) {
    BsonValue input = arguments[0];
    BsonValue separator = arguments[1];
    if (ExpressionValues.isNullish(input) || ExpressionValues.isNullish(separator)) {
      return BsonNull.VALUE;
    }
    if (!(input instanceof BsonString text)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40085,
          "$split requires an expression that evaluates to a string as a first argument, found: "
              + Substrings.typeName(input));
    }
    if (!(separator instanceof BsonString cut)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40086,
          "$split requires an expression that evaluates to a string as a second argument, found: "
              + Substrings.typeName(separator));
    }
    if (cut.getValue().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40087, "$split requires a non-empty separator");
    }
    BsonArray pieces = new BsonArray();
    String remaining = text.getValue();
    String needle = cut.getValue();
    int from = 0;
    for (int at = remaining.indexOf(needle); at >= 0; at = remaining.indexOf(needle, from)) {
      pieces.add(new BsonString(remaining.substring(from, at)));
      from = at + needle.length();
    }
    pieces.add(new BsonString(remaining.substring(from)));
    return pieces;
  }

  private static byte[] requireString(
      BsonValue value, String operator, ErrorCode code, String position) {
    if (!(value instanceof BsonString string)) {
      throw notString(value, operator, code, position);
    }
    return string.getValue().getBytes(StandardCharsets.UTF_8);
  }

  private static MongoLakeException notString(
      BsonValue value, String operator, ErrorCode code, String position) {
    return new MongoLakeException(
        code,
        operator
            + " requires a string as the "
            + position
            + " argument, found: "
            + Substrings.typeName(value));
  }

  /**
   * A start or end index: an integral number (40096, whose message MongoDB prints without a space
   * after the operator name) that is not negative (40097).
   */
  private static int requireIndex(BsonValue value, String operator, String argument) {
    if (!IndexValues.isIntegral(value)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40096,
          operator
              + "requires an integral "
              + argument
              + ", found a value of type: "
              + Substrings.typeName(value)
              + ", with value: "
              + ValueText.of(value));
    }
    int index = IndexValues.toInt(value);
    if (index < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40097,
          operator + " requires a nonnegative " + argument + ", found: " + ValueText.of(value));
    }
    return index;
  }

  private static boolean matchesAt(byte[] input, int at, byte[] token) {
    for (int i = 0; i < token.length; i++) {
      if (input[at + i] != token[i]) {
        return false;
      }
    }
    return true;
  }
}
