package dev.mongolake.internal.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Holds writers back while the buffers hold more than a limit, so that memory stays bounded when
 * writes outpace flushes (a bulk load while a flush or a file compaction runs would otherwise grow
 * the buffers until the heap runs out). A stalled writer asks for a flush and waits until the
 * buffers are below the limit again or one flush has finished since it stalled, whichever comes
 * first: memory a reader still pins cannot be released, and a writer must never wait for a cursor
 * it holds itself. So the limit is soft, but writes proceed at the pace of flushes.
 */
public final class WriteStall {

  /** No limit: writers never wait. */
  static final WriteStall NONE = new WriteStall(Long.MAX_VALUE, () -> 0, () -> {});

  private final long limitBytes;
  private final LongSupplier bufferedBytes;
  private final Runnable requestFlush;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition flushFinished = lock.newCondition();
  private long finishedFlushes;
  private final AtomicLong stalls = new AtomicLong();
  private final AtomicLong stalledNanos = new AtomicLong();

  /**
   * @param limitBytes writers wait while {@code bufferedBytes} is at or above this
   * @param bufferedBytes what the buffers hold now
   * @param requestFlush starts a flush soon, without waiting for it
   */
  WriteStall(long limitBytes, LongSupplier bufferedBytes, Runnable requestFlush) {
    this.limitBytes = limitBytes;
    this.bufferedBytes = bufferedBytes;
    this.requestFlush = requestFlush;
  }

  /** Whether a write made now would wait for room. */
  boolean wouldWait() {
    return limitBytes != Long.MAX_VALUE && bufferedBytes.getAsLong() >= limitBytes;
  }

  /** Returns at once below the limit; else waits as the class comment says. */
  void awaitRoom() {
    if (!wouldWait()) {
      return;
    }
    long start = System.nanoTime();
    lock.lock();
    try {
      long seen = finishedFlushes;
      requestFlush.run();
      while (finishedFlushes == seen && bufferedBytes.getAsLong() >= limitBytes) {
        // Timed: the buffers may also shrink without a flush (a dropped collection).
        flushFinished.await(100, TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      lock.unlock();
      stalls.incrementAndGet();
      stalledNanos.addAndGet(System.nanoTime() - start);
    }
  }

  /** A flush finished (or failed: the writers waiting for it go on at the pace of attempts). */
  void flushFinished() {
    lock.lock();
    try {
      finishedFlushes++;
      flushFinished.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** How many writes waited, and for how long in all. */
  public Counts counts() {
    return new Counts(stalls.get(), stalledNanos.get());
  }

  /** Writes that waited for room in the buffers, and their total wait. */
  public record Counts(long stalls, long stalledNanos) {}
}
