package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.function.UnaryOperator;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The shape of MongoDB's one-number operators ({@code $abs}, {@code $sqrt}, {@code $sin}, ...): a
 * null or missing argument gives null, a non-number fails with 28765, a number goes to the body.
 */
final class NumericFunction {

  private NumericFunction() {}

  /** The function for {@code name} whose body receives a number. */
  static ValueFunction of(String name, UnaryOperator<BsonValue> body) {
    return arguments -> {
      BsonValue argument = arguments[0];
      if (ExpressionValues.isNullish(argument)) {
        return BsonNull.VALUE;
      }
      if (!ExpressionValues.isNumber(argument)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28765,
            name + " only supports numeric types, not " + TypeOperators.typeName(argument));
      }
      return body.apply(argument);
    };
  }

  /**
   * Refuses a decimal argument of a transcendental function: MongoDB computes those with Intel's
   * decimal library to 34 digits, which MongoLake does not reproduce digit for digit.
   */
  static MongoLakeException decimalNotSupported(String name) {
    return new MongoLakeException(
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot evaluate expression "
            + name
            + " on a decimal value: decimal "
            + name
            + " is not supported");
  }
}
