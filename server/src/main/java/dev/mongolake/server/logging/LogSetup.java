package dev.mongolake.server.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.joran.spi.JoranException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.LoggerFactory;

/**
 * Applies {@link LogSettings} to logback at start-up, over what {@code logback.xml} set up: the
 * root level, and for a JSON format or a log file, the one appender that replaces the console's.
 *
 * <p>A logger that {@code logback.xml} quiets (the driver, parquet-java at WARN) stays quiet at a
 * more verbose level, and is never more verbose than the level asked for. When SLF4J is bound to
 * another backend (an application embedding the server), nothing is changed.
 *
 * <p>Not thread-safe against itself: call it once, before the server starts.
 */
public final class LogSetup {

  /** The text line of {@code logback.xml}: time, level, logger's short name, message. */
  static final String TEXT_PATTERN =
      "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} [%level] %logger{0} - %msg%n";

  private static final String APPENDER = "MONGOLAKE";

  private LogSetup() {}

  /**
   * Logs as {@code settings} say from now on.
   *
   * @throws IllegalArgumentException if the log file cannot be opened for appending
   */
  public static void apply(LogSettings settings) {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return;
    }
    if (settings.file() != null) {
      checkWritable(settings.file());
    }
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    Level level = settings.level().logback();
    root.setLevel(level);
    for (Logger logger : context.getLoggerList()) {
      if (logger != root
          && logger.getLevel() != null
          && !logger.getLevel().isGreaterOrEqual(level)) {
        logger.setLevel(level);
      }
    }
    if (settings.format() == LogFormat.TEXT && settings.file() == null) {
      return;
    }
    OutputStreamAppender<ILoggingEvent> appender = appender(settings.file());
    appender.setContext(context);
    appender.setName(APPENDER);
    appender.setEncoder(encoder(settings.format(), context));
    appender.start();
    if (!appender.isStarted()) {
      throw new IllegalArgumentException("Cannot log to " + settings.file());
    }
    root.detachAndStopAllAppenders();
    root.addAppender(appender);
  }

  /** Back to what {@code logback.xml} sets up (for tests that changed the settings). */
  public static void reset() {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return;
    }
    context.reset();
    try {
      new ContextInitializer(context).autoConfig();
    } catch (JoranException e) {
      throw new IllegalStateException("Cannot reload logback.xml", e);
    }
  }

  private static OutputStreamAppender<ILoggingEvent> appender(Path file) {
    if (file == null) {
      ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
      console.setTarget("System.err");
      return console;
    }
    FileAppender<ILoggingEvent> appender = new FileAppender<>();
    appender.setFile(file.toAbsolutePath().toString());
    appender.setAppend(true);
    return appender;
  }

  private static Encoder<ILoggingEvent> encoder(LogFormat format, LoggerContext context) {
    Encoder<ILoggingEvent> encoder;
    if (format == LogFormat.JSON) {
      encoder = new JsonLogEncoder();
    } else {
      PatternLayoutEncoder pattern = new PatternLayoutEncoder();
      pattern.setPattern(TEXT_PATTERN);
      encoder = pattern;
    }
    encoder.setContext(context);
    encoder.start();
    return encoder;
  }

  /** Fails now, with the reason, rather than leave logback to drop every line. */
  private static void checkWritable(Path file) {
    try (OutputStream out =
        Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      out.flush();
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Cannot log to " + file.toAbsolutePath() + ": " + describe(e), e);
    }
  }

  private static String describe(IOException e) {
    return e instanceof java.nio.file.NoSuchFileException
        ? "its folder does not exist"
        : e instanceof java.nio.file.AccessDeniedException ? "permission denied" : e.toString();
  }
}
