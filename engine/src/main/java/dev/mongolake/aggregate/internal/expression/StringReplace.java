package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $replaceOne} and {@code $replaceAll}: {@code {input, find, replacement}}, all strings;
 * null when any is nullish (after every one is checked to be a string or nullish). An empty {@code
 * find} matches before every character (and at the end, for {@code $replaceAll}).
 *
 * @param name the operator, for messages
 * @param all whether every occurrence is replaced
 */
record StringReplace(
    String name, boolean all, Expression input, Expression find, Expression replacement)
    implements Expression {

  /** Registers both operators. */
  static void register(OperatorRegistry.Builder registry) {
    registry.operator(
        "$replaceOne", (name, arguments, scope) -> parse(name, false, arguments, scope));
    registry.operator(
        "$replaceAll", (name, arguments, scope) -> parse(name, true, arguments, scope));
  }

  private static Expression parse(
      String name, boolean all, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51751,
          name + " requires an object as an argument, found: " + BsonTypeNames.of(arguments));
    }
    Expression input = null;
    Expression find = null;
    Expression replacement = null;
    for (Map.Entry<String, BsonValue> argument : spec.entrySet()) {
      Expression parsed = ExpressionParser.parse(argument.getValue(), scope);
      switch (argument.getKey()) {
        case "input" -> input = parsed;
        case "find" -> find = parsed;
        case "replacement" -> replacement = parsed;
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_51750,
                name + " found an unknown argument: " + argument.getKey());
      }
    }
    if (input == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51749, name + " requires 'input' to be specified");
    }
    if (find == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51748, name + " requires 'find' to be specified");
    }
    if (replacement == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51747, name + " requires 'replacement' to be specified");
    }
    return new StringReplace(name, all, input, find, replacement);
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue text = input.evaluate(variables);
    BsonValue needle = find.evaluate(variables);
    BsonValue with = replacement.evaluate(variables);
    requireStringOrNullish(text, "input", ErrorCode.LOCATION_51746);
    requireStringOrNullish(needle, "find", ErrorCode.LOCATION_51745);
    requireStringOrNullish(with, "replacement", ErrorCode.LOCATION_51744);
    if (ExpressionValues.isNullish(text)
        || ExpressionValues.isNullish(needle)
        || ExpressionValues.isNullish(with)) {
      return BsonNull.VALUE;
    }
    String source = text.asString().getValue();
    String target = needle.asString().getValue();
    String substitute = with.asString().getValue();
    if (!all) {
      int at = source.indexOf(target);
      if (at < 0) {
        return text;
      }
      return new BsonString(
          source.substring(0, at) + substitute + source.substring(at + target.length()));
    }
    if (target.isEmpty()) {
      return new BsonString(everyPosition(source, substitute));
    }
    return new BsonString(source.replace(target, substitute));
  }

  /**
   * The replacement before every UTF-8 byte and at the end. MongoDB inserts it between bytes, so a
   * multi-byte character would be cut into invalid UTF-8: refused rather than answered wrongly.
   */
  private String everyPosition(String source, String substitute) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c >= 0x80) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            name + " with an empty 'find' is not supported for input that is not ASCII");
      }
      out.append(substitute).append(c);
    }
    return out.append(substitute).toString();
  }

  private void requireStringOrNullish(BsonValue value, String argument, ErrorCode code) {
    if (!ExpressionValues.isNullish(value) && !(value instanceof BsonString)) {
      throw new MongoLakeException(
          code,
          name + " requires that '" + argument + "' be a string, found: " + ValueText.of(value));
    }
  }

  @Override
  public List<Expression> children() {
    return List.of(input, find, replacement);
  }
}
