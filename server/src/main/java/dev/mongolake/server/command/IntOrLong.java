package dev.mongolake.server.command;

import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNumber;

/**
 * A count or a size typed as MongoDB's {@code BSONObjBuilder::appendNumber} types it, which its
 * statistics and count replies use: an int when the value fits in 32 bits, a long otherwise.
 */
public final class IntOrLong {

  private IntOrLong() {}

  public static BsonNumber of(long value) {
    return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE
        ? new BsonInt32((int) value)
        : new BsonInt64(value);
  }
}
