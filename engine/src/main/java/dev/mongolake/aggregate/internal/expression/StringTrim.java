package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $trim}, {@code $ltrim} and {@code $rtrim}: {@code {input, chars?}}. Without {@code chars}
 * the code points MongoDB counts as whitespace are removed: NUL, space, \t \n \v \f \r, U+00A0,
 * U+1680 and U+2000 to U+200A (not U+2028, U+202F or U+3000).
 *
 * @param name the operator, for messages
 * @param left whether leading code points are removed
 * @param right whether trailing code points are removed
 * @param input the string
 * @param chars the code points to remove, or {@code null} for the whitespace
 */
record StringTrim(String name, boolean left, boolean right, Expression input, Expression chars)
    implements Expression {

  private static final int[] WHITESPACE = {
    0x00, 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A
  };

  /** Registers the three operators. */
  static void register(OperatorRegistry.Builder registry) {
    registry.operator(
        "$trim", (name, arguments, scope) -> parse(name, true, true, arguments, scope));
    registry.operator(
        "$ltrim", (name, arguments, scope) -> parse(name, true, false, arguments, scope));
    registry.operator(
        "$rtrim", (name, arguments, scope) -> parse(name, false, true, arguments, scope));
  }

  private static Expression parse(
      String name, boolean left, boolean right, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_50696,
          name + " only supports an object as an argument, found " + BsonTypeNames.of(arguments));
    }
    Expression input = null;
    Expression chars = null;
    for (Map.Entry<String, BsonValue> argument : spec.entrySet()) {
      switch (argument.getKey()) {
        case "input" -> input = ExpressionParser.parse(argument.getValue(), scope);
        case "chars" -> chars = ExpressionParser.parse(argument.getValue(), scope);
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_50694,
                name + " found an unknown argument: " + argument.getKey());
      }
    }
    if (input == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_50695, name + " requires an 'input' field");
    }
    return new StringTrim(name, left, right, input, chars);
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue value = input.evaluate(variables);
    if (ExpressionValues.isNullish(value)) {
      return BsonNull.VALUE;
    }
    if (!(value instanceof BsonString string)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_50699,
          name
              + " requires its input to be a string, got "
              + ValueText.of(value)
              + " (of type "
              + BsonTypeNames.of(value)
              + ") instead.");
    }
    int[] remove = WHITESPACE;
    if (chars != null) {
      BsonValue given = chars.evaluate(variables);
      if (ExpressionValues.isNullish(given)) {
        return BsonNull.VALUE;
      }
      if (!(given instanceof BsonString charString)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_50700,
            name
                + " requires 'chars' to be a string, got "
                + ValueText.of(given)
                + " (of type "
                + BsonTypeNames.of(given)
                + ") instead.");
      }
      remove = charString.getValue().codePoints().toArray();
    }
    return new BsonString(trim(string.getValue(), remove));
  }

  private String trim(String text, int[] remove) {
    int from = 0;
    int to = text.length();
    if (left) {
      while (from < to && contains(remove, text.codePointAt(from))) {
        from += Character.charCount(text.codePointAt(from));
      }
    }
    if (right) {
      while (to > from && contains(remove, text.codePointBefore(to))) {
        to -= Character.charCount(text.codePointBefore(to));
      }
    }
    return text.substring(from, to);
  }

  private static boolean contains(int[] codePoints, int codePoint) {
    for (int candidate : codePoints) {
      if (candidate == codePoint) {
        return true;
      }
    }
    return false;
  }

  @Override
  public List<Expression> children() {
    List<Expression> all = new ArrayList<>();
    all.add(input);
    if (chars != null) {
      all.add(chars);
    }
    return all;
  }
}
