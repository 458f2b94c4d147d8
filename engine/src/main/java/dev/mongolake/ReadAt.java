package dev.mongolake;

import java.time.Instant;
import org.bson.BsonTimestamp;

/**
 * A point in a lake's history that {@link MongoLake#db(String, ReadAt)} reads a database at: a log
 * time, the BSON Timestamp that MongoDB's {@code readConcern: {level: "snapshot", atClusterTime}}
 * names and that {@link MongoLake#lastWriteTime()} returns. A read at a point sees every write
 * whose log time is at or before it and none after, in every collection of the database alike.
 *
 * @param clusterTime the log time to read at
 */
public record ReadAt(BsonTimestamp clusterTime) {

  public ReadAt {
    if (clusterTime == null) {
      throw new IllegalArgumentException("Cannot read at a point in time: clusterTime is null");
    }
  }

  /** The point of {@code clusterTime}, as a write's or {@code operationTime} gives it. */
  public static ReadAt clusterTime(BsonTimestamp clusterTime) {
    return new ReadAt(clusterTime);
  }

  /**
   * The point at the start of {@code instant}'s second: log times count writes within a second, so
   * the writes of that second (before or after the instant) are not seen. Use {@link #clusterTime}
   * with a write's time to read exactly after it.
   */
  public static ReadAt time(Instant instant) {
    long seconds = instant.getEpochSecond();
    if (seconds < 0 || seconds > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException(
          "Cannot read at " + instant + ": it is outside the range of a BSON Timestamp");
    }
    return new ReadAt(new BsonTimestamp(seconds << 32));
  }
}
