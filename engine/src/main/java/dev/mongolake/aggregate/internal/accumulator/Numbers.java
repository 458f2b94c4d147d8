package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.bson.DecimalValues;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** MongoDB's {@code coerceToDouble} of a number of any BSON numeric type. */
final class Numbers {
  private Numbers() {}

  static double toDouble(BsonValue number) {
    return switch (number.getBsonType()) {
      case INT32 -> number.asInt32().getValue();
      case INT64 -> (double) number.asInt64().getValue();
      case DOUBLE -> number.asDouble().getValue();
      default -> {
        Decimal128 decimal = number.asDecimal128().getValue();
        if (decimal.isNaN()) {
          yield Double.NaN;
        }
        if (decimal.isInfinite()) {
          yield decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        yield DecimalValues.finite(decimal).doubleValue();
      }
    };
  }
}
