package dev.mongolake.server.command.diagnostic;

import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNumber;

/**
 * A count or a size typed as MongoDB's {@code BSONObjBuilder::appendNumber} types it, which its
 * statistics commands use: an int when the value fits in 32 bits, a long otherwise.
 */
final class IntOrLong {

  private IntOrLong() {}

  static BsonNumber of(long value) {
    return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE
        ? new BsonInt32((int) value)
        : new BsonInt64(value);
  }
}
