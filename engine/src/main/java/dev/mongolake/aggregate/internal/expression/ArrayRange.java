package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.bson.BsonArray;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code $range: [start, end, step?]}: the ints from start towards end (exclusive) by step (1 by
 * default). Every argument must be a whole number that fits an int (null is an error here, not a
 * null answer), the step must not be zero, and the array may not exceed MongoDB's default {@code
 * internalQueryMaxRangeBytes} (100 MiB, counted as MongoDB counts it).
 */
final class ArrayRange {

  /** MongoDB's default {@code internalQueryMaxRangeBytes}. */
  private static final long MEMORY_LIMIT = 100L * 1024 * 1024;

  /** What MongoDB charges: a vector's header, then one 16-byte Value per element. */
  private static final long VECTOR_BYTES = 24;

  private static final long VALUE_BYTES = 16;

  private ArrayRange() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.function("$range", Arity.between(2, 3), ArrayRange::range);
  }

  private static BsonValue range(BsonValue[] args) {
    int start =
        bound(
            args[0],
            ErrorCode.LOCATION_34443,
            "$range requires a numeric starting value, found value of type: ",
            ErrorCode.LOCATION_34444,
            "$range requires a starting value that can be represented as a 32-bit integer, found"
                + " value: ");
    int end =
        bound(
            args[1],
            ErrorCode.LOCATION_34445,
            "$range requires a numeric ending value, found value of type: ",
            ErrorCode.LOCATION_34446,
            "$range requires an ending value that can be represented as a 32-bit integer, found"
                + " value: ");
    long step = 1;
    if (args.length == 3) {
      // MongoDB's message has no space after "type:" here.
      step =
          bound(
              args[2],
              ErrorCode.LOCATION_34447,
              "$range requires a numeric step value, found value of type:",
              ErrorCode.LOCATION_34448,
              "$range requires a step value that can be represented as a 32-bit integer, found"
                  + " value: ");
      if (step == 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_34449, "$range requires a non-zero step value");
      }
    }
    long steps = ((long) end - start) / step;
    long length = steps >= 0 ? 1 + steps : 0;
    long needed = VECTOR_BYTES + length * VALUE_BYTES;
    if (needed >= MEMORY_LIMIT) {
      throw new MongoLakeException(
          ErrorCode.EXCEEDED_MEMORY_LIMIT,
          "$range would use too much memory ("
              + needed
              + " bytes) and cannot spill to disk. Memory limit: "
              + MEMORY_LIMIT
              + " bytes");
    }
    List<BsonValue> out = new ArrayList<>((int) Math.max(0, Math.min(length, Integer.MAX_VALUE)));
    for (long current = start; step > 0 ? current < end : current > end; current += step) {
      out.add(new BsonInt32((int) current));
    }
    return new BsonArray(out);
  }

  private static int bound(
      BsonValue value,
      ErrorCode notNumber,
      String notNumberMessage,
      ErrorCode notInt,
      String notIntMessage) {
    if (!ExpressionValues.isNumber(value)) {
      throw new MongoLakeException(notNumber, notNumberMessage + ValueText.typeName(value));
    }
    OptionalInt whole = NumericArgument.int32(value);
    if (whole.isEmpty()) {
      throw new MongoLakeException(notInt, notIntMessage + ValueText.of(value));
    }
    return whole.getAsInt();
  }
}
