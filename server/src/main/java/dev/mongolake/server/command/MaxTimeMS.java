package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A command's {@code maxTimeMS}: the time it may run, checked cooperatively while it reads (see
 * {@link dev.mongolake.delta.Cancellation}) and, for a cursor, summed over its {@code getMore}s as
 * MongoDB does. Absent or 0 means no limit.
 */
public final class MaxTimeMS {

  /** A deadline that never passes. */
  public static final long NO_DEADLINE = Long.MAX_VALUE;

  private static final String FIELD = "maxTimeMS";

  private MaxTimeMS() {}

  /**
   * The {@link System#nanoTime()} by which the command must finish, or {@link #NO_DEADLINE}.
   *
   * @throws MongoLakeException BadValue when {@code maxTimeMS} is not a non-negative integral
   *     number that fits in 32 bits, with MongoDB's messages
   */
  public static long deadline(BsonDocument body, long nowNanos) {
    BsonValue value = body.get(FIELD);
    if (value == null) {
      return NO_DEADLINE;
    }
    if (!value.isNumber()) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, FIELD + " must be a number");
    }
    if (value.isDouble()
        && value.asDouble().getValue() != Math.floor(value.asDouble().getValue())) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, FIELD + " has non-integral value");
    }
    long millis = value.asNumber().longValue();
    if (millis < 0 || millis > Integer.MAX_VALUE) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, millis + " value for " + FIELD + " is out of range");
    }
    if (millis == 0) {
      return NO_DEADLINE;
    }
    return nowNanos + TimeUnit.MILLISECONDS.toNanos(millis);
  }

  /**
   * Whether {@code deadline} has passed. Reads the clock only for a real deadline: long reads ask
   * once per document, and most commands have no time limit.
   */
  static boolean passed(long deadline) {
    return deadline != NO_DEADLINE && System.nanoTime() - deadline >= 0;
  }

  /** What a command that ran out of time answers. */
  static MongoLakeException expired() {
    return new MongoLakeException(ErrorCode.MAX_TIME_MS_EXPIRED, "operation exceeded time limit");
  }
}
