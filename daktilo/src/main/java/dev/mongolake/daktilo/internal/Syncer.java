package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.Durability;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The log's sync thread. In BATCH mode it is the writer: each time requests are queued it drains
 * them all, writes them, flushes once and wakes exactly the appenders that flush covered ({@link
 * Writer}); while it flushes, new appends queue up, so batches grow with load, and an idle log
 * flushes the moment a record arrives (there is no timer). In STRICT mode it writes the requests
 * nobody waits on in person ({@code appendAsync}). In ASYNC mode, where appenders write and
 * acknowledge by themselves, it flushes every {@code asyncFlushInterval} and for {@code flush()}
 * callers, which wait on its own queue.
 */
final class Syncer implements Runnable {
  private final SegmentedLog log;
  private final Writer writer;
  private final Durability mode;
  private final long intervalNanos;
  private final ConcurrentLinkedQueue<Append> flushes = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  private volatile boolean parked;
  private volatile boolean stopping;
  private volatile long syncs;

  Syncer(SegmentedLog log, Writer writer, Durability mode, long intervalNanos, String name) {
    this.log = log;
    this.writer = writer;
    this.mode = mode;
    this.intervalNanos = intervalNanos;
    this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this);
  }

  void start() {
    thread.start();
  }

  /** ASYNC mode: a {@code flush()} caller waiting for a flush covering its sequence. */
  void enqueueFlush(Append flush) {
    flushes.add(flush);
  }

  /** Takes back a flush request nobody completed yet; false when it was already taken. */
  boolean removeFlush(Append flush) {
    return flushes.remove(flush);
  }

  /** Wakes the sync thread if it sleeps. */
  void wake() {
    if (parked) {
      LockSupport.unpark(thread);
    }
  }

  /** Asks the thread to write and flush everything, complete every request and end; waits. */
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
    // A flush() that queued after the thread's last look: everything written was flushed on the
    // way out, so it is covered unless the log failed.
    Append f;
    while ((f = flushes.poll()) != null) {
      if (f.lastSequence <= log.durableSequence()) {
        f.complete();
      } else {
        f.fail(log.failure() != null ? log.failure() : log.closedException("flush"));
      }
    }
  }

  boolean isSyncThread() {
    return Thread.currentThread() == thread;
  }

  /** Device flushes made by this thread (ASYNC mode; the writer counts its own). */
  long syncCount() {
    return syncs;
  }

  @Override
  public void run() {
    long lastFlush = System.nanoTime();
    while (true) {
      if (writer.hasQueued()) {
        writer.passBlocking();
        continue;
      }
      if (mode == Durability.ASYNC) {
        lastFlush = flushAsync(lastFlush);
      }
      if (stopping
          && !writer.hasQueued()
          && flushes.isEmpty()
          && log.writtenSequence() <= log.durableSequence()) {
        return;
      }
      parked = true;
      try {
        if (writer.hasQueued() || !flushes.isEmpty() || stopping) {
          if (stopping && log.failure() != null) {
            failFlushes(log.failure());
            return;
          }
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

  /** ASYNC mode: flushes when due or asked to, then completes the flush callers it covered. */
  private long flushAsync(long lastFlush) {
    Throwable failure = log.failure();
    if (failure != null) {
      failFlushes(failure);
      return lastFlush;
    }
    long target = log.writtenSequence();
    long durable = log.durableSequence();
    boolean due = System.nanoTime() - lastFlush >= intervalNanos;
    if (target > durable && (!flushes.isEmpty() || stopping || due)) {
      try {
        log.syncTo();
      } catch (Throwable t) {
        log.fail(t);
        failFlushes(log.failure());
        return lastFlush;
      }
      syncs++;
      log.markDurable(target);
      durable = target;
      lastFlush = System.nanoTime();
    } else if (due) {
      lastFlush = System.nanoTime();
    }
    Append f;
    while ((f = flushes.peek()) != null && f.lastSequence <= durable) {
      flushes.poll();
      f.complete();
    }
    return lastFlush;
  }

  private void failFlushes(Throwable cause) {
    Append f;
    while ((f = flushes.poll()) != null) {
      f.fail(cause);
    }
  }
}
