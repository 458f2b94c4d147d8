package dev.mongolake.aggregate.internal.expression;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A time zone of a date operator: an Olson zone or a fixed UTC offset.
 *
 * @param zone the rules
 * @param utc whether MongoDB treats it as its UTC zone (no zone, {@code "UTC"} or a zero offset):
 *     only then does {@code $dateToString}'s default format end in {@code Z}
 */
record DateZone(ZoneId zone, boolean utc) {

  /** The zone used when an operator has no {@code timezone}. */
  static final DateZone UTC = new DateZone(ZoneOffset.UTC, true);

  /** The wall-clock time of {@code millis} in this zone. */
  LocalDateTime local(long millis) {
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), zone);
  }

  /** The offset from UTC at {@code millis}, in seconds. */
  int offsetSeconds(long millis) {
    return zone.getRules().getOffset(Instant.ofEpochMilli(millis)).getTotalSeconds();
  }

  /** The instant of a wall-clock time in this zone, in milliseconds since the epoch. */
  long toMillis(LocalDateTime local) {
    return local.atZone(zone).toInstant().toEpochMilli();
  }
}
