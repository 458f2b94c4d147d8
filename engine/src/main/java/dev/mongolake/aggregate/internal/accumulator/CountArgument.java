package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.bson.BsonDebugText;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.bson.BsonValue;

/**
 * The {@code n} of {@code $firstN}, {@code $topN}, ...: MongoDB evaluates it when a group starts
 * (so an invalid {@code n} fails only once there is a document) and requires a positive integral
 * number.
 */
final class CountArgument {
  private CountArgument() {}

  /**
   * The spec of an accumulator with an {@code n}: made by {@code start} from the validated {@code
   * n}, once per group; an {@code n} that reads the group key is evaluated per group by {@code
   * $group} and refused by the stages that have no group key.
   */
  static AccumulatorSpec spec(
      String name, Expression input, Expression n, LongFunction<Accumulator> start) {
    Function<BsonValue, Accumulator> fromValue = value -> start.apply(validate(value));
    if (n.isConstant()) {
      BsonValue value = n.evaluate(null);
      return new AccumulatorSpec(name, input, () -> fromValue.apply(value));
    }
    Supplier<Accumulator> noKey =
        () -> {
          throw new MongoLakeException(
              ErrorCode.NOT_IMPLEMENTED,
              "Cannot evaluate "
                  + name
                  + ": an 'n' that is not a constant is only supported in $group");
        };
    return new AccumulatorSpec(
        name, input, noKey, noKey, Optional.of(new GroupStart(n, fromValue)));
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
