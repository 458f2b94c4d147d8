package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $tsSecond} and {@code $tsIncrement}: the two halves of a BSON Timestamp, as Int64; null or
 * missing gives null, any other type fails as MongoDB's does.
 */
final class TimestampOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.function(
        "$tsSecond",
        Arity.exactly(1),
        args -> part("$tsSecond", args[0], ErrorCode.LOCATION_5687301, true));
    registry.function(
        "$tsIncrement",
        Arity.exactly(1),
        args -> part("$tsIncrement", args[0], ErrorCode.LOCATION_5687302, false));
  }

  private static BsonValue part(String name, BsonValue value, ErrorCode code, boolean seconds) {
    if (ExpressionValues.isNullish(value)) {
      return BsonNull.VALUE;
    }
    if (!value.isTimestamp()) {
      throw new MongoLakeException(
          code,
          "Argument to " + name + " must be a timestamp, but is " + ValueText.typeName(value));
    }
    // Both halves are unsigned 32-bit numbers.
    long part = seconds ? value.asTimestamp().getTime() : value.asTimestamp().getInc();
    return new BsonInt64(part & 0xFFFFFFFFL);
  }
}
