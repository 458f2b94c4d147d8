package dev.mongolake.server.logging;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How the server logs.
 *
 * @param level the least severe level written
 * @param format how lines are written
 * @param file the file lines are appended to instead of standard error, or {@code null}
 */
public record LogSettings(LogLevel level, LogFormat format, Path file) {

  public LogSettings {
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(format, "format");
  }

  /** INFO text lines on standard error: what {@code logback.xml} sets up. */
  public static LogSettings defaults() {
    return new LogSettings(LogLevel.INFO, LogFormat.TEXT, null);
  }
}
