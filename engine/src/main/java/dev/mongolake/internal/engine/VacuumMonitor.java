package dev.mongolake.internal.engine;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Vacuums every collection's table in the background, once per interval, with the lake's retention
 * (whose age the engine's clock measures). A failed pass is logged and the next one tries again.
 */
public final class VacuumMonitor implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(VacuumMonitor.class);

  private final ScheduledExecutorService scheduler;

  private VacuumMonitor(ScheduledExecutorService scheduler) {
    this.scheduler = scheduler;
  }

  /**
   * Starts vacuuming through {@code vacuum} every {@code interval}; {@link Duration#ZERO} starts
   * nothing.
   */
  public static VacuumMonitor start(TableVacuum vacuum, Duration interval) {
    if (interval.isZero()) {
      return new VacuumMonitor(null);
    }
    ScheduledExecutorService scheduler =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("mongolake-vacuum").daemon().factory());
    Runnable pass =
        () -> {
          try {
            long bytes = vacuum.vacuumAll();
            if (bytes > 0) {
              LOG.debug("Vacuum deleted {} bytes of unreferenced table files", bytes);
            }
          } catch (RuntimeException e) {
            LOG.error("Vacuum pass failed; the next pass retries", e);
          }
        };
    long millis = Math.max(1, interval.toMillis());
    scheduler.scheduleWithFixedDelay(pass, millis, millis, TimeUnit.MILLISECONDS);
    return new VacuumMonitor(scheduler);
  }

  /** Stops; a pass in progress finishes first. */
  @Override
  public void close() {
    if (scheduler == null) {
      return;
    }
    scheduler.shutdown();
    try {
      scheduler.awaitTermination(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
