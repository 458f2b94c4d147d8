package dev.mongolake.server.command;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes idle cursors in the background, as MongoDB's client cursor monitor does: every {@link
 * #DEFAULT_INTERVAL} it runs {@link CursorRegistry#reapIdle()}, so an abandoned cursor dies once it
 * has been idle for the timeout even when no other cursor command comes. It also ends the logical
 * sessions unused for their timeout ({@link LogicalSessionCache#reapExpired()}). Runs on one daemon
 * thread from {@link #start} until {@link #close()}. Thread-safe.
 */
public final class CursorMonitor implements AutoCloseable {

  /** MongoDB's {@code clientCursorMonitorFrequencySecs}. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(4);

  private static final Logger LOG = LoggerFactory.getLogger(CursorMonitor.class);

  private final ScheduledExecutorService executor;

  private CursorMonitor(ScheduledExecutorService executor) {
    this.executor = executor;
  }

  /**
   * Starts reaping {@code cursors} every {@code interval}, the first time one interval from now.
   */
  public static CursorMonitor start(CursorRegistry cursors, Duration interval) {
    return start(cursors, null, interval);
  }

  /**
   * Starts reaping {@code cursors}, and the expired sessions of {@code sessions} (with their
   * cursors) when it is not {@code null}, every {@code interval}.
   */
  public static CursorMonitor start(
      CursorRegistry cursors, LogicalSessionCache sessions, Duration interval) {
    return start(cursors, sessions, interval, () -> {});
  }

  /**
   * {@link #start(CursorRegistry, LogicalSessionCache, Duration)}, also running {@code expiry} (the
   * abort of transactions past their lifetime) each round.
   */
  public static CursorMonitor start(
      CursorRegistry cursors, LogicalSessionCache sessions, Duration interval, Runnable expiry) {
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("mongolake-cursor-monitor").daemon().factory());
    long millis = interval.toMillis();
    executor.scheduleWithFixedDelay(
        () -> {
          if (sessions != null) {
            reapSessions(sessions);
          }
          reap(cursors);
          try {
            expiry.run();
          } catch (RuntimeException e) {
            LOG.warn("Cannot abort expired transactions: {}", e.toString());
          }
        },
        millis,
        millis,
        TimeUnit.MILLISECONDS);
    return new CursorMonitor(executor);
  }

  private static void reapSessions(LogicalSessionCache sessions) {
    try {
      int expired = sessions.reapExpired();
      if (expired > 0) {
        LOG.debug("Ended {} expired sessions", expired);
      }
    } catch (RuntimeException e) {
      LOG.warn("Cannot end expired sessions: {}", e.toString());
    }
  }

  private static void reap(CursorRegistry cursors) {
    try {
      int reaped = cursors.reapIdle();
      if (reaped > 0) {
        LOG.debug("Closed {} idle cursors", reaped);
      }
    } catch (RuntimeException e) {
      // A cursor that fails to close must not stop the monitor (a thrown task is never rerun).
      LOG.warn("Cannot close idle cursors: {}", e.toString());
    }
  }

  /** Stops the monitor; a reap in progress finishes first. */
  @Override
  public void close() {
    executor.shutdown();
    try {
      if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
