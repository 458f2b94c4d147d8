package dev.mongolake.update.internal.operators;

import java.util.Optional;
import org.bson.BsonValue;

/**
 * An integral argument given as any numeric type ({@code 2}, {@code NumberLong(2)}, {@code 2.0}),
 * as MongoDB's {@code parseIntegerElementToLong} accepts it.
 */
final class IntegerArgument {
  private IntegerArgument() {}

  /** The value as a long, or empty when it is not a number with an integral value. */
  static Optional<Long> parse(BsonValue value) {
    if (value.isInt32()) {
      return Optional.of((long) value.asInt32().getValue());
    }
    if (value.isInt64()) {
      return Optional.of(value.asInt64().getValue());
    }
    double d;
    if (value.isDouble()) {
      d = value.asDouble().getValue();
    } else if (value.isDecimal128() && value.asDecimal128().getValue().isFinite()) {
      d = value.asDecimal128().getValue().doubleValue();
    } else {
      return Optional.empty();
    }
    if (d != Math.rint(d) || Double.isInfinite(d) || Math.abs(d) >= 0x1p63) {
      return Optional.empty();
    }
    return Optional.of((long) d);
  }
}
