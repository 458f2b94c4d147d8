package dev.mongolake.internal.engine;

import dev.mongolake.MongoLakeOptions;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flushes the engine's buffers to the tables in the background: when they pass the size threshold,
 * and at least once per interval while they hold anything. A failed flush is logged and retried on
 * the next tick; the data stays safe in the log meanwhile.
 */
public final class BackgroundFlusher implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BackgroundFlusher.class);
  private static final Duration TICK = Duration.ofMillis(500);

  private final TableFlusher tables;
  private final MongoLakeOptions options;
  private final ScheduledExecutorService scheduler;
  private long lastFlushMillis;

  private BackgroundFlusher(TableFlusher tables, MongoLakeOptions options) {
    this.tables = tables;
    this.options = options;
    this.scheduler =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("mongolake-flush").daemon().factory());
    this.lastFlushMillis = options.clock().millis();
  }

  /**
   * Starts flushing through {@code tables} per the options' threshold and interval, and holds
   * writers back while the buffers hold more than {@link MongoLakeOptions#maxBufferedBytes()}.
   */
  public static BackgroundFlusher start(TableFlusher tables, MongoLakeOptions options) {
    BackgroundFlusher flusher = new BackgroundFlusher(tables, options);
    flusher.scheduler.scheduleWithFixedDelay(
        flusher::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
    tables.limitBuffers(options.maxBufferedBytes(), flusher::requestFlush);
    return flusher;
  }

  /** Runs a tick now rather than at the next one: a writer is waiting for room in the buffers. */
  private void requestFlush() {
    try {
      scheduler.execute(this::tick);
    } catch (RejectedExecutionException e) {
      // Closing: the final flush of the close makes the room.
    }
  }

  private void tick() {
    long now = options.clock().millis();
    long buffered = tables.bufferedBytes();
    boolean due =
        buffered >= options.flushThresholdBytes()
            || (buffered > 0 && now - lastFlushMillis >= options.flushInterval().toMillis());
    if (!due) {
      return;
    }
    try {
      tables.flushToTables();
      lastFlushMillis = now;
    } catch (RuntimeException e) {
      LOG.error("Background flush failed; the changes stay in the write-ahead log", e);
    }
  }

  /** Stops flushing; a flush in progress finishes first. */
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
