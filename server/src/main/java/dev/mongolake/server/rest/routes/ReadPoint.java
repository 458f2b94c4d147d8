package dev.mongolake.server.rest.routes;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.rest.ExtendedJson;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * The {@code at} of a REST read: the past point it reads at, as the {@code readConcern: {level:
 * "snapshot", atClusterTime}} its command carries (see docs/time-travel.md). A cluster time ({@code
 * {"$timestamp": {"t": ..., "i": ...}}}) names a log time exactly; an instant (an ISO-8601 string
 * such as {@code 2026-12-03T14:00:00Z}, or {@code {"$date": ...}}) names the start of its second,
 * as {@code ReadAt.time} does.
 */
final class ReadPoint {

  static final String PARAMETER = "at";

  private ReadPoint() {}

  /** The read concern of {@code at} given in a query string. */
  static BsonDocument fromQuery(String text) {
    String trimmed = text.trim();
    if (trimmed.startsWith("{")) {
      return readConcern(ExtendedJson.parseValue(trimmed, "query parameter 'at'"));
    }
    return readConcern(new BsonString(trimmed));
  }

  /** The read concern of {@code at} given in a JSON body. */
  static BsonDocument readConcern(BsonValue at) {
    BsonTimestamp time =
        switch (at) {
          case BsonTimestamp timestamp -> timestamp;
          case BsonDateTime date -> startOfSecond(Instant.ofEpochMilli(date.getValue()));
          case BsonString text -> startOfSecond(instant(text.getValue()));
          default ->
              throw new MongoLakeException(
                  ErrorCode.BAD_VALUE,
                  "Cannot read at "
                      + at
                      + ": 'at' must be a cluster time {\"$timestamp\": ...}, a date or an"
                      + " ISO-8601 instant");
        };
    return new BsonDocument("level", new BsonString("snapshot")).append("atClusterTime", time);
  }

  private static Instant instant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot read at '"
              + text
              + "': it is not an ISO-8601 instant such as 2026-12-03T14:00:00Z");
    }
  }

  private static BsonTimestamp startOfSecond(Instant instant) {
    long seconds = instant.getEpochSecond();
    if (seconds <= 0 || seconds > 0xFFFF_FFFFL) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot read at " + instant + ": it is outside a cluster time's range");
    }
    return new BsonTimestamp(seconds << 32);
  }
}
