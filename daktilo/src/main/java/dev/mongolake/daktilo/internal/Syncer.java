package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.Durability;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The log's sync thread: the group-commit half of the writer.
 *
 * <p>Appenders copy their frames into the mapped active segment under the write lock (that lock,
 * not a queue, decides the order, so sequence assignment and placement are one atomic step) and
 * enqueue a {@link Waiter} in sequence order on this lock-free MPSC queue. The sync thread loops:
 * read the highest written sequence, flush the active segment once up to there, then complete
 * exactly the waiters at or below it. While it flushes, new appends pile up, so the next flush
 * covers more of them: batches grow with load, and an idle log flushes the moment a record arrives
 * (there is no timer in BATCH mode). In ASYNC mode it also flushes every {@code
 * asyncFlushInterval}.
 */
final class Syncer implements Runnable {
  private final LogEngine log;
  private final Durability mode;
  private final long intervalNanos;
  private final ConcurrentLinkedQueue<Waiter> waiters = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  private volatile boolean parked;
  private volatile boolean stopping;
  private long syncs;

  Syncer(LogEngine log, Durability mode, long intervalNanos, String name) {
    this.log = log;
    this.mode = mode;
    this.intervalNanos = intervalNanos;
    this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this);
  }

  void start() {
    thread.start();
  }

  /** Adds a waiter; callers hold the write lock so the queue stays in sequence order. */
  void enqueue(Waiter waiter) {
    waiters.add(waiter);
  }

  /** Wakes the sync thread if it sleeps (call after {@link #enqueue}, outside the lock). */
  void wake() {
    if (parked) {
      LockSupport.unpark(thread);
    }
  }

  /** Asks the thread to flush everything, complete every waiter and end; waits for it. */
  void stop() {
    stopping = true;
    LockSupport.unpark(thread);
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  boolean isSyncThread() {
    return Thread.currentThread() == thread;
  }

  long syncCount() {
    return syncs;
  }

  @Override
  public void run() {
    long lastFlush = System.nanoTime();
    while (true) {
      if (log.failure() != null) {
        failAll(log.failure());
        return;
      }
      long target = log.writtenSequence();
      long durable = log.durableSequence();
      boolean flushDue = mode == Durability.ASYNC && System.nanoTime() - lastFlush >= intervalNanos;
      if (target > durable && (!waiters.isEmpty() || stopping || flushDue)) {
        try {
          log.syncTo();
        } catch (Throwable t) {
          log.fail(t);
          failAll(log.failure());
          return;
        }
        syncs++;
        lastFlush = System.nanoTime();
        log.markDurable(target);
        completeUpTo(target);
        continue;
      }
      if (flushDue) {
        lastFlush = System.nanoTime();
      }
      completeUpTo(durable);
      if (stopping && waiters.isEmpty() && log.writtenSequence() <= log.durableSequence()) {
        return;
      }
      parked = true;
      try {
        if (!waiters.isEmpty() || stopping || log.failure() != null) {
          continue;
        }
        if (mode == Durability.ASYNC) {
          LockSupport.parkNanos(this, intervalNanos);
        } else {
          LockSupport.park(this);
        }
      } finally {
        parked = false;
      }
    }
  }

  private void completeUpTo(long sequence) {
    Waiter w;
    while ((w = waiters.peek()) != null && w.sequence <= sequence) {
      waiters.poll();
      w.complete();
    }
  }

  private void failAll(Throwable cause) {
    Waiter w;
    while ((w = waiters.poll()) != null) {
      w.fail(cause);
    }
  }
}
