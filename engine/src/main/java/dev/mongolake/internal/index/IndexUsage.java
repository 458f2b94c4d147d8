package dev.mongolake.internal.index;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How often the query planner chose one index since {@link #since()} (when the engine opened or the
 * index was created), as MongoDB's {@code $indexStats} reports in {@code accesses}. Counts live in
 * memory only: a restart starts them again, as MongoDB's do. Thread-safe.
 */
public final class IndexUsage {

  private final AtomicLong ops = new AtomicLong();
  private final Instant since;

  public IndexUsage(Instant since) {
    this.since = since;
  }

  /** Records one query that reads through the index. */
  public void record() {
    ops.incrementAndGet();
  }

  /** The queries that read through the index since {@link #since()}. */
  public long ops() {
    return ops.get();
  }

  /** When counting started. */
  public Instant since() {
    return since;
  }
}
