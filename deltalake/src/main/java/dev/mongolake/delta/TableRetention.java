package dev.mongolake.delta;

import dev.mongolake.delta.log.Metadata;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Delta's interval-typed table properties such as {@code delta.deletedFileRetentionDuration =
 * "interval 7 days"}.
 */
final class TableRetention {
  /** Delta's default tombstone retention, which is also vacuum's safety threshold. */
  static final Duration DEFAULT = Duration.ofDays(7);

  private static final Pattern INTERVAL =
      Pattern.compile("(?:interval\\s+)?(\\d+)\\s*(\\w+)", Pattern.CASE_INSENSITIVE);

  private TableRetention() {}

  /** Delta's default for how long log entries stay for time travel. */
  static final Duration DEFAULT_LOG_RETENTION = Duration.ofDays(30);

  static Duration tombstoneRetention(Metadata metadata) {
    String value = metadata.configuration().get("delta.deletedFileRetentionDuration");
    return value == null ? DEFAULT : parse(value);
  }

  /** {@code delta.logRetentionDuration}, 30 days when absent or unreadable. */
  static Duration logRetention(Metadata metadata) {
    String value = metadata.configuration().get("delta.logRetentionDuration");
    return value == null ? DEFAULT_LOG_RETENTION : parse(value, DEFAULT_LOG_RETENTION);
  }

  static Duration parse(String value) {
    return parse(value, DEFAULT);
  }

  private static Duration parse(String value, Duration fallback) {
    Matcher m = INTERVAL.matcher(value.trim());
    if (!m.matches()) {
      return fallback;
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    if (unit.endsWith("s")) {
      unit = unit.substring(0, unit.length() - 1);
    }
    return switch (unit) {
      case "week" -> Duration.ofDays(7 * n);
      case "day" -> Duration.ofDays(n);
      case "hour" -> Duration.ofHours(n);
      case "minute" -> Duration.ofMinutes(n);
      case "second" -> Duration.ofSeconds(n);
      case "millisecond" -> Duration.ofMillis(n);
      default -> fallback;
    };
  }
}
