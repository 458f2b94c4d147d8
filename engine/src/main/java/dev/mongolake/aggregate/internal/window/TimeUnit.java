package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;

/**
 * A time unit of window bounds, {@code $derivative}/{@code $integral} and {@code $densify}, with
 * MongoDB's date arithmetic in UTC: months, quarters and years move along the calendar (day of
 * month clamped to the month's length), the others are fixed numbers of milliseconds.
 */
public enum TimeUnit {
  YEAR(0),
  QUARTER(0),
  MONTH(0),
  WEEK(7L * 24 * 3600 * 1000),
  DAY(24L * 3600 * 1000),
  HOUR(3600L * 1000),
  MINUTE(60L * 1000),
  SECOND(1000),
  MILLISECOND(1);

  private final long millis;

  TimeUnit(long millis) {
    this.millis = millis;
  }

  /**
   * The unit named {@code name} ({@code "day"}).
   *
   * @throws MongoLakeException FailedToParse for any other name, as MongoDB words it
   */
  public static TimeUnit parse(String name) {
    for (TimeUnit unit : values()) {
      if (unit.name().toLowerCase(Locale.ROOT).equals(name)) {
        return unit;
      }
    }
    throw new MongoLakeException(ErrorCode.FAILED_TO_PARSE, "unknown time unit value: " + name);
  }

  /** Whether the unit has a fixed length ({@code week} and smaller). */
  public boolean isFixed() {
    return millis > 0;
  }

  /** The unit's length in milliseconds; only for {@link #isFixed() fixed} units. */
  public long millis() {
    if (!isFixed()) {
      throw new IllegalStateException(this + " has no fixed length");
    }
    return millis;
  }

  /** {@code date} (milliseconds since the epoch) plus {@code amount} of this unit, in UTC. */
  public long add(long date, long amount) {
    if (isFixed()) {
      return Math.addExact(date, Math.multiplyExact(amount, millis));
    }
    ZonedDateTime start = Instant.ofEpochMilli(date).atZone(ZoneOffset.UTC);
    ZonedDateTime end =
        switch (this) {
          case YEAR -> start.plusYears(amount);
          case QUARTER -> start.plusMonths(Math.multiplyExact(amount, 3));
          default -> start.plusMonths(amount);
        };
    return end.toInstant().toEpochMilli();
  }
}
