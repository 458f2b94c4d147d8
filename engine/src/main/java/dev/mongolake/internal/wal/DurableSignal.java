package dev.mongolake.internal.wal;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Wakes the readers waiting for the log's durable watermark to move (change streams): a count of
 * the advances, and a condition signalled at each. Thread-safe.
 */
final class DurableSignal {

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition advanced = lock.newCondition();
  private long advances;

  /** Called once a record is durable. */
  void advance() {
    lock.lock();
    try {
      advances++;
      advanced.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** The advances so far, to wait for the next one with {@link #await}. */
  long mark() {
    lock.lock();
    try {
      return advances;
    } finally {
      lock.unlock();
    }
  }

  /** Waits until an advance after {@code seen} or {@code nanos} pass; whether one came. */
  boolean await(long seen, long nanos) throws InterruptedException {
    lock.lock();
    try {
      long left = nanos;
      while (advances == seen && left > 0) {
        left = advanced.awaitNanos(left);
      }
      return advances != seen;
    } finally {
      lock.unlock();
    }
  }
}
