package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonNull;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code {$convert: {input, to, onError, onNull}}} as MongoDB evaluates it: {@code to} (a type name
 * or number) is checked first and its errors are never caught; a null or missing input gives {@code
 * onNull} (default null); a null {@code to} gives null; a failed conversion (ConversionFailure)
 * gives {@code onError} when there is one. The conversions are {@link ValueConversions}'.
 *
 * @param input the value to convert
 * @param to the target type
 * @param onError the value on a conversion failure, or {@code null} to fail
 * @param onNull the value for a null or missing input, or {@code null} for BSON null
 */
record ConvertExpression(Expression input, Expression to, Expression onError, Expression onNull)
    implements Expression {

  private static final Map<String, BsonType> TYPES_BY_NAME = typesByName();

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue target = to.evaluate(variables);
    BsonValue value = input.evaluate(variables);
    BsonType targetType = ExpressionValues.isNullish(target) ? null : targetType(target);
    if (ExpressionValues.isNullish(value)) {
      return onNull == null ? BsonNull.VALUE : onNull.evaluate(variables);
    }
    if (targetType == null) {
      return BsonNull.VALUE;
    }
    try {
      return ValueConversions.convert(value, targetType);
    } catch (MongoLakeException e) {
      if (e.errorCode() == ErrorCode.CONVERSION_FAILURE && onError != null) {
        return onError.evaluate(variables);
      }
      throw e;
    }
  }

  /** The type {@code to} names ({@code END_OF_DOCUMENT} for {@code "missing"}). */
  private static BsonType targetType(BsonValue target) {
    if (target.isString()) {
      String name = target.asString().getValue();
      BsonType type = TYPES_BY_NAME.get(name);
      if (type == null) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, "Unknown type name: " + name);
      }
      return type;
    }
    if (ExpressionValues.isNumber(target)) {
      if (!NumericCoercion.isIntegral32(target)) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE, "In $convert, numeric 'to' argument is not an integer");
      }
      int code = (int) NumericCoercion.toLong(target);
      BsonType type = typeOfCode(code);
      if (type == null) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "In $convert, numeric value for 'to' does not correspond to a BSON type: " + code);
      }
      return type;
    }
    throw new MongoLakeException(
        ErrorCode.FAILED_TO_PARSE,
        "$convert's 'to' argument must be a string or number, but is " + BsonTypeNames.of(target));
  }

  private static BsonType typeOfCode(int code) {
    if (code == -1) {
      return BsonType.MIN_KEY;
    }
    if (code == BsonType.MAX_KEY.getValue()
        || (code >= 0 && code <= BsonType.DECIMAL128.getValue())) {
      return BsonType.findByValue(code);
    }
    return null;
  }

  private static Map<String, BsonType> typesByName() {
    Map<String, BsonType> types = new HashMap<>();
    for (BsonType type : BsonType.values()) {
      types.put(BsonTypeNames.of(type), type);
    }
    return Map.copyOf(types);
  }

  @Override
  public List<Expression> children() {
    List<Expression> all = new ArrayList<>(List.of(input, to));
    if (onError != null) {
      all.add(onError);
    }
    if (onNull != null) {
      all.add(onNull);
    }
    return all;
  }
}
