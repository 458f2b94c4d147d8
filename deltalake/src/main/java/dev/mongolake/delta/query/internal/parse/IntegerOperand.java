package dev.mongolake.delta.query.internal.parse;

import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.IntegralValues;
import java.util.OptionalLong;
import org.bson.BsonValue;

/**
 * Reads integer operands ({@code $size}, bit masks and positions) with MongoDB's checks and
 * FailedToParse messages; callers may wrap the reason in their own message.
 */
public final class IntegerOperand {
  private IntegerOperand() {}

  /**
   * A non-negative integer that fits a long.
   *
   * @throws QueryException FailedToParse naming {@code name: value}
   */
  public static long nonNegativeLong(String name, BsonValue value) {
    String element = OperandText.element(name, value);
    if (!value.isNumber() && !value.isDecimal128()) {
      throw QueryErrors.failedToParse("Expected a number in: " + element);
    }
    OptionalLong truncated = IntegralValues.truncated(value);
    if (truncated.isEmpty()) {
      throw QueryErrors.failedToParse("Cannot represent as a 64-bit integer: " + element);
    }
    if (IntegralValues.exact(value).isEmpty()) {
      throw QueryErrors.failedToParse("Expected an integer: " + element);
    }
    if (truncated.getAsLong() < 0) {
      throw QueryErrors.failedToParse("Expected a positive number in: " + element);
    }
    return truncated.getAsLong();
  }

  /**
   * A non-negative integer that fits an int.
   *
   * @throws QueryException FailedToParse naming {@code name: value}
   */
  public static int nonNegativeInt(String name, BsonValue value) {
    long result = nonNegativeLong(name, value);
    if (result > Integer.MAX_VALUE) {
      throw QueryErrors.failedToParse(
          "Cannot represent as a 32-bit integer: " + OperandText.element(name, value));
    }
    return (int) result;
  }
}
