package dev.mongolake.server.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Captures what a logger (and those below it) logs, at {@code level} and above, for a test; the
 * lines do not reach the console meanwhile. {@link #close()} puts the logger back as it was.
 */
public final class LogCapture implements AutoCloseable {

  private final Logger logger;
  private final Level previousLevel;
  private final boolean previousAdditive;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  private LogCapture(String loggerName, Level level) {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    logger = context.getLogger(loggerName);
    previousLevel = logger.getLevel();
    previousAdditive = logger.isAdditive();
    appender.setContext(context);
    appender.start();
    logger.addAppender(appender);
    logger.setLevel(level);
    logger.setAdditive(false);
  }

  /** Captures {@code loggerName} and the loggers below it at {@code level} and above. */
  public static LogCapture of(String loggerName, Level level) {
    return new LogCapture(loggerName, level);
  }

  /** Captures {@code type}'s logger at {@code level} and above. */
  public static LogCapture of(Class<?> type, Level level) {
    return of(type.getName(), level);
  }

  /** What was logged so far, in order. */
  public List<ILoggingEvent> events() {
    synchronized (appender) {
      return List.copyOf(appender.list);
    }
  }

  /** The formatted messages logged so far at exactly {@code level}. */
  public List<String> messages(Level level) {
    return events().stream()
        .filter(event -> event.getLevel() == level)
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    appender.stop();
    logger.setLevel(previousLevel);
    logger.setAdditive(previousAdditive);
  }
}
