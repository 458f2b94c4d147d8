package dev.mongolake.server.logging;

import ch.qos.logback.classic.Level;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How much the server logs: each level includes the more severe ones. */
public enum LogLevel {
  TRACE(Level.TRACE),
  DEBUG(Level.DEBUG),
  INFO(Level.INFO),
  WARN(Level.WARN),
  ERROR(Level.ERROR);

  private final Level logback;

  LogLevel(Level logback) {
    this.logback = logback;
  }

  Level logback() {
    return logback;
  }

  /** The name as written in options and the config file: {@code trace} ... {@code error}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The level named {@code value} ({@code trace}, {@code debug}, {@code info}, {@code warn}, {@code
   * error}; any case).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static LogLevel parse(String value) {
    for (LogLevel level : values()) {
      if (level.optionName().equalsIgnoreCase(value)) {
        return level;
      }
    }
    throw new IllegalArgumentException(
        "Cannot use log level '" + value + "': expected one of " + names());
  }

  static String names() {
    return Arrays.stream(values()).map(LogLevel::optionName).collect(Collectors.joining(", "));
  }
}
