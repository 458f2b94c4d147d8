package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.List;
import java.util.Map;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code $type} (MongoDB's type names, {@code "missing"} for a missing value), {@code $isNumber},
 * {@code $convert} ({@link ConvertExpression}) and its shortcuts {@code $toBool}, {@code $toInt},
 * {@code $toLong}, {@code $toDouble}, {@code $toDecimal}, {@code $toString}, {@code $toDate},
 * {@code $toObjectId}.
 */
final class TypeOperators implements OperatorFamily {

  private static final Map<String, BsonType> SHORTCUTS =
      Map.of(
          "$toBool", BsonType.BOOLEAN,
          "$toInt", BsonType.INT32,
          "$toLong", BsonType.INT64,
          "$toDouble", BsonType.DOUBLE,
          "$toDecimal", BsonType.DECIMAL128,
          "$toString", BsonType.STRING,
          "$toDate", BsonType.DATE_TIME,
          "$toObjectId", BsonType.OBJECT_ID);

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.function(
        "$type", Arity.exactly(1), arguments -> new BsonString(typeName(arguments[0])));
    registry.function(
        "$isNumber",
        Arity.exactly(1),
        arguments -> BsonBoolean.valueOf(ExpressionValues.isNumber(arguments[0])));
    registry.operator("$convert", TypeOperators::convert);
    SHORTCUTS.forEach(
        (name, target) ->
            registry.operator(
                name,
                (operator, arguments, scope) -> {
                  List<Expression> parsed = Arguments.list(arguments, scope);
                  if (parsed.size() != 1) {
                    throw new MongoLakeException(
                        ErrorCode.LOCATION_50723,
                        operator + " requires a single argument, got " + parsed.size());
                  }
                  return new ConvertExpression(
                      parsed.get(0),
                      new Constant(new BsonString(BsonTypeNames.of(target))),
                      null,
                      null);
                }));
  }

  /** MongoDB's name of a value's type; {@code "missing"} for a missing value ({@code null}). */
  static String typeName(BsonValue value) {
    return value == null ? "missing" : BsonTypeNames.of(value);
  }

  private static Expression convert(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "$convert expects an object of named arguments but found: "
              + BsonTypeNames.of(arguments));
    }
    Expression input = null;
    Expression to = null;
    Expression onError = null;
    Expression onNull = null;
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      Expression parsed = ExpressionParser.parse(field.getValue(), scope);
      switch (field.getKey()) {
        case "input" -> input = parsed;
        case "to" -> to = parsed;
        case "onError" -> onError = parsed;
        case "onNull" -> onNull = parsed;
        default ->
            throw new MongoLakeException(
                ErrorCode.FAILED_TO_PARSE, "$convert found an unknown argument: " + field.getKey());
      }
    }
    if (input == null) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Missing 'input' parameter to $convert");
    }
    if (to == null) {
      throw new MongoLakeException(ErrorCode.FAILED_TO_PARSE, "Missing 'to' parameter to $convert");
    }
    return new ConvertExpression(input, to, onError, onNull);
  }
}
