package dev.mongolake.internal.engine;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes expired documents of TTL indexes in the background, once per period (MongoDB's TTL
 * monitor runs every 60 seconds). A failed pass is logged and the next one tries again.
 */
public final class TtlMonitor implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TtlMonitor.class);

  private final ScheduledExecutorService scheduler;

  private TtlMonitor(ScheduledExecutorService scheduler) {
    this.scheduler = scheduler;
  }

  /** Starts deleting the documents TTL indexes expire, every {@code period}. */
  public static TtlMonitor start(ExpiredDocuments expired, Clock clock, Duration period) {
    ScheduledExecutorService scheduler =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("mongolake-ttl").daemon().factory());
    Runnable pass =
        () -> {
          try {
            long deleted = expired.deleteExpired(clock.instant());
            if (deleted > 0) {
              LOG.debug("TTL monitor deleted {} expired documents", deleted);
            }
          } catch (RuntimeException e) {
            LOG.error("TTL monitor pass failed; the next pass retries", e);
          }
        };
    long millis = Math.max(1, period.toMillis());
    scheduler.scheduleWithFixedDelay(pass, millis, millis, TimeUnit.MILLISECONDS);
    return new TtlMonitor(scheduler);
  }

  /** Stops; a pass in progress finishes first. */
  @Override
  public void close() {
    scheduler.shutdown();
    try {
      scheduler.awaitTermination(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
