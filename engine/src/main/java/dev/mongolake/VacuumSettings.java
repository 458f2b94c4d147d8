package dev.mongolake;

import java.time.Duration;
import java.util.Objects;

/**
 * How the lake vacuums its collections' tables: data files that no current table version lists
 * (replaced by updates, deletes and compactions) are deleted once they have been unreferenced for
 * {@code retention}, by a background pass every {@code interval}. The retention is also how far
 * back the tables' history keeps the files a past version needs.
 *
 * @param retention how long an unreferenced file is kept (Delta's {@code
 *     deletedFileRetentionDuration}: 7 days by default); zero or more
 * @param interval how often the background vacuum runs (default one hour); {@link Duration#ZERO}
 *     turns it off, leaving vacuum to the command
 */
public record VacuumSettings(Duration retention, Duration interval) {

  /** Delta's default retention of removed files. */
  public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);

  /** Default period of the background vacuum. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofHours(1);

  public VacuumSettings {
    Objects.requireNonNull(retention, "retention");
    Objects.requireNonNull(interval, "interval");
    if (retention.isNegative()) {
      throw new IllegalArgumentException(
          "Cannot keep removed files for " + retention + ": expected zero or more");
    }
    if (interval.isNegative()) {
      throw new IllegalArgumentException(
          "Cannot vacuum every " + interval + ": expected zero (off) or more");
    }
  }

  /** Seven days' retention, vacuumed every hour. */
  public static VacuumSettings defaults() {
    return new VacuumSettings(DEFAULT_RETENTION, DEFAULT_INTERVAL);
  }

  /** The same settings with {@code value} as the retention. */
  public VacuumSettings withRetention(Duration value) {
    return new VacuumSettings(value, interval);
  }

  /** The same settings with {@code value} as the interval. */
  public VacuumSettings withInterval(Duration value) {
    return new VacuumSettings(retention, value);
  }
}
