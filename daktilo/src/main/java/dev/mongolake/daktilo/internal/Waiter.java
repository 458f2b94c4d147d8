package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.DaktiloException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * An appender (or a {@code flush()} caller) waiting until the device flush covers {@link
 * #sequence}. Completed by the sync thread; the waiting thread parks, which costs a virtual thread
 * nothing.
 */
final class Waiter {
  private static final int PENDING = 0;
  private static final int DONE = 1;
  private static final int FAILED = 2;

  final long sequence;
  private final Thread thread;
  private final CompletableFuture<Long> future;
  private final long result;
  private volatile int state = PENDING;
  private Throwable error;

  /** A waiter for a parked thread. */
  Waiter(long sequence) {
    this.sequence = sequence;
    this.thread = Thread.currentThread();
    this.future = null;
    this.result = sequence;
  }

  /** A waiter that completes {@code future} with {@code result}. */
  Waiter(long sequence, CompletableFuture<Long> future, long result) {
    this.sequence = sequence;
    this.thread = null;
    this.future = future;
    this.result = result;
  }

  void complete() {
    state = DONE;
    if (future != null) {
      future.complete(result);
    } else {
      LockSupport.unpark(thread);
    }
  }

  void fail(Throwable cause) {
    error = cause;
    state = FAILED;
    if (future != null) {
      future.completeExceptionally(cause);
    } else {
      LockSupport.unpark(thread);
    }
  }

  /**
   * Waits until completed. Not interruptible: the record is already written, so the caller must
   * learn its fate; an interrupt is remembered and restored on return.
   */
  void await() {
    boolean interrupted = false;
    while (state == PENDING) {
      LockSupport.park(this);
      if (Thread.interrupted()) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (state == FAILED) {
      if (error instanceof DaktiloException e) {
        throw e;
      }
      throw new DaktiloException("Cannot complete the append: " + error.getMessage(), error);
    }
  }
}
