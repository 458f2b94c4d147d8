package dev.mongolake.server.logging;

import java.util.Locale;

/** How each log line is written. */
public enum LogFormat {
  /** A readable line: time, level, logger, message. */
  TEXT,
  /** MongoDB's structured log line (4.4+), one JSON object per line: see {@link JsonLogEncoder}. */
  JSON;

  /** The name as written in options and the config file: {@code text} or {@code json}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The format named {@code value} ({@code text} or {@code json}; any case).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static LogFormat parse(String value) {
    for (LogFormat format : values()) {
      if (format.optionName().equalsIgnoreCase(value)) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "Cannot use log format '" + value + "': expected one of text, json");
  }
}
