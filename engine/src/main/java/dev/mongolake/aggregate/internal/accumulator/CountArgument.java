package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.update.internal.BsonDebugText;
import org.bson.BsonValue;

/**
 * The {@code n} of {@code $firstN}, {@code $topN}, ...: MongoDB evaluates it when a group starts
 * (so an invalid {@code n} fails only once there is a document) and requires a positive integral
 * number. MongoLake supports an {@code n} known at parse time; one that reads the group key is
 * refused.
 */
final class CountArgument {
  private CountArgument() {}

  /**
   * The constant value of {@code n}, not yet validated.
   *
   * @throws MongoLakeException NotImplemented when {@code n} is not a constant
   */
  static BsonValue constant(String accumulator, Expression n) {
    if (!n.isConstant()) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "Cannot evaluate "
              + accumulator
              + ": an 'n' that is not a constant (one that reads the group key) is not supported");
    }
    return n.evaluate(null);
  }

  /** MongoDB's check of {@code n}: 5787902, 5787903, 5787908. */
  static long validate(BsonValue n) {
    if (!ExpressionValues.isNumber(n)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5787902,
          "Value for 'n' must be of integral type, but found " + text(n));
    }
    double asDouble = Numbers.toDouble(n);
    long asLong = (long) asDouble;
    if (n.isInt32() || n.isInt64()) {
      asLong = n.asNumber().longValue();
    }
    if (Double.isNaN(asDouble) || asLong != asDouble) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5787903,
          "Value for 'n' must be of integral type, but found " + text(n));
    }
    if (asLong <= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5787908, "'n' must be greater than 0, found " + asLong);
    }
    return asLong;
  }

  private static String text(BsonValue n) {
    return n == null ? "MISSING" : BsonDebugText.value(n);
  }
}
