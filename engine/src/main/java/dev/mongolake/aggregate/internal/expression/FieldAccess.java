package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $getField}, {@code $setField} and {@code $unsetField}: one field of a document by its
 * literal name, so that names with dots or a leading {@code $} work.
 */
final class FieldAccess {

  private static final String SET_FIELD = "$setField";

  private FieldAccess() {}

  /** Registers the three operators. */
  static void register(OperatorRegistry.Builder registry) {
    registry.operator("$getField", FieldAccess::parseGet);
    registry.operator(
        "$setField", (name, arguments, scope) -> parseSet(name, arguments, scope, true));
    registry.operator(
        "$unsetField", (name, arguments, scope) -> parseSet(name, arguments, scope, false));
  }

  /**
   * {@code {$getField: {field, input}}}, or {@code {$getField: <field>}} reading {@code $$CURRENT}
   * (also when the argument is an operator such as {@code {$literal: "$a"}}).
   */
  private static Expression parseGet(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)
        || (!spec.isEmpty() && spec.getFirstKey().startsWith("$"))) {
      return new GetField(
          ExpressionParser.parse(arguments, scope),
          ExpressionParser.parse(new BsonString("$$CURRENT"), scope));
    }
    BsonValue field = null;
    BsonValue input = null;
    for (Map.Entry<String, BsonValue> argument : spec.entrySet()) {
      switch (argument.getKey()) {
        case "field" -> field = argument.getValue();
        case "input" -> input = argument.getValue();
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_3041701,
                name + " found an unknown argument: " + argument.getKey());
      }
    }
    if (field == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_3041702, name + " requires 'field' to be specified");
    }
    if (input == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_3041703, name + " requires 'input' to be specified");
    }
    return new GetField(ExpressionParser.parse(field, scope), ExpressionParser.parse(input, scope));
  }

  /**
   * {@code {$setField: {field, input, value}}} and {@code {$unsetField: {field, input}}}. The field
   * must be a constant string written as a string or a {@code $literal}/{@code $const}.
   */
  private static Expression parseSet(
      String name, BsonValue arguments, VariableScope scope, boolean takesValue) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4161100, name + " only supports an object as its argument");
    }
    BsonValue field = null;
    BsonValue input = null;
    BsonValue value = null;
    for (Map.Entry<String, BsonValue> argument : spec.entrySet()) {
      String key = argument.getKey();
      if (key.equals("field")) {
        field = argument.getValue();
      } else if (key.equals("input")) {
        input = argument.getValue();
      } else if (key.equals("value") && takesValue) {
        value = argument.getValue();
      } else {
        throw new MongoLakeException(
            ErrorCode.LOCATION_4161101, name + " found an unknown argument: " + key);
      }
    }
    if (field == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4161102, name + " requires 'field' to be specified");
    }
    if (takesValue && value == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4161103, name + " requires 'value' to be specified");
    }
    if (input == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4161109, name + " requires 'input' to be specified");
    }
    String fieldName = constantFieldName(name, field, scope);
    Expression valueExpression =
        takesValue ? ExpressionParser.parse(value, scope) : new Constant(null);
    return new SetField(fieldName, ExpressionParser.parse(input, scope), valueExpression);
  }

  private static String constantFieldName(String name, BsonValue field, VariableScope scope) {
    if (field instanceof BsonString reference && reference.getValue().startsWith("$")) {
      String text = reference.getValue();
      String path = text.startsWith("$$") ? text.substring(1) : "$CURRENT." + text.substring(1);
      throw new MongoLakeException(
          ErrorCode.LOCATION_4161108,
          "'"
              + path
              + "' is a field path reference which is not allowed in this context. Did you mean"
              + " {$literal: '"
              + path
              + "'}?");
    }
    Expression parsed = ExpressionParser.parse(field, scope);
    boolean literal =
        !(field instanceof BsonDocument document)
            || (document.size() == 1 && document.containsKey("$literal"));
    if (!literal || !parsed.isConstant() || field.isArray()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4161106,
          name + " requires 'field' to evaluate to a constant, but got a non-constant argument");
    }
    BsonValue constant = parsed.evaluate(null);
    if (!(constant instanceof BsonString string)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_4161107,
          name
              + " requires 'field' to evaluate to type String, but got "
              + Substrings.typeName(constant));
    }
    return string.getValue();
  }

  /** A {@code $getField}: missing input is missing, null is null, other non-documents missing. */
  private record GetField(Expression field, Expression input) implements Expression {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue name = field.evaluate(variables);
      if (!(name instanceof BsonString string)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_3041704,
            "$getField requires 'field' to evaluate to type String, but got "
                + Substrings.typeName(name));
      }
      BsonValue document = input.evaluate(variables);
      if (document == null) {
        return null;
      }
      if (ExpressionValues.isNullish(document)) {
        return BsonNull.VALUE;
      }
      if (!(document instanceof BsonDocument fields)) {
        return null;
      }
      return fields.get(string.getValue());
    }

    @Override
    public List<Expression> children() {
      return List.of(field, input);
    }
  }

  /**
   * A {@code $setField} (or {@code $unsetField}, whose value is missing): a copy of the input with
   * the field replaced in place, appended, or removed when the value is missing.
   */
  private record SetField(String fieldName, Expression input, Expression value)
      implements Expression {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue document = input.evaluate(variables);
      if (ExpressionValues.isNullish(document)) {
        return BsonNull.VALUE;
      }
      if (!(document instanceof BsonDocument fields)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_4161105, SET_FIELD + " requires 'input' to evaluate to type Object");
      }
      BsonValue newValue = value.evaluate(variables);
      BsonDocument out = fields.clone();
      if (newValue == null) {
        out.remove(fieldName);
      } else {
        out.put(fieldName, newValue);
      }
      return out;
    }

    @Override
    public List<Expression> children() {
      return List.of(input, value);
    }
  }
}
