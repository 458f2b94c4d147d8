package dev.mongolake.server;

import java.time.Duration;

/**
 * How much history a server keeps, where the command line or config file sets it; {@code null}
 * leaves the lake's default.
 *
 * @param vacuumRetention how long table files later versions replaced are kept (the lake's default:
 *     Delta's 7 days); a collection's {@code mongolake.vacuumRetentionHours} overrides it
 * @param historyWindow how long the write-ahead log keeps records after the tables hold them, for
 *     reads at a past point (the lake's default: 5 minutes)
 */
public record HistoryRetention(Duration vacuumRetention, Duration historyWindow) {

  /** The lake's defaults for both. */
  public static final HistoryRetention DEFAULTS = new HistoryRetention(null, null);

  public HistoryRetention {
    for (Duration value : new Duration[] {vacuumRetention, historyWindow}) {
      if (value != null && value.isNegative()) {
        throw new IllegalArgumentException("Cannot keep history for " + value + ": it is negative");
      }
    }
  }
}
