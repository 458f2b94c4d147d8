package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.bson.DecimalValues;
import org.bson.BsonValue;

/** The rules of MongoDB's expression language about values that several operators share. */
public final class ExpressionValues {

  private ExpressionValues() {}

  /**
   * MongoDB's truthiness: false, null, undefined, missing and zero of any numeric type are false;
   * every other value (including empty strings and arrays) is true.
   */
  public static boolean isTrue(BsonValue value) {
    if (value == null) {
      return false;
    }
    return switch (value.getBsonType()) {
      case BOOLEAN -> value.asBoolean().getValue();
      case NULL, UNDEFINED -> false;
      case INT32 -> value.asInt32().getValue() != 0;
      case INT64 -> value.asInt64().getValue() != 0;
      case DOUBLE -> value.asDouble().getValue() != 0.0;
      case DECIMAL128 -> {
        org.bson.types.Decimal128 decimal = value.asDecimal128().getValue();
        yield decimal.isNaN()
            || decimal.isInfinite()
            || DecimalValues.finite(decimal).signum() != 0;
      }
      default -> true;
    };
  }

  /** Whether {@code value} is missing, null or undefined: what most operators answer null for. */
  public static boolean isNullish(BsonValue value) {
    return value == null || value.isNull() || value.getBsonType() == org.bson.BsonType.UNDEFINED;
  }

  /** Whether {@code value} is a number of any BSON numeric type. */
  public static boolean isNumber(BsonValue value) {
    return value != null && (value.isNumber() || value.isDecimal128());
  }
}
