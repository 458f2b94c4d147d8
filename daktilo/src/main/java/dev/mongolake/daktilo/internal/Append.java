package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.DaktiloException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * One request on the write queue: an {@code append}, {@code appendMany} or {@code appendAsync} (its
 * payloads, written as one unit), or a {@code flush()} (no payloads). The writer that drains it
 * assigns its sequences, then completes it once it is acknowledged: the caller parks in {@link
 * Writer} until then (which costs a virtual thread nothing), or its future completes.
 *
 * <p>A drained request is owned by its writer, which chains it into the list of requests it will
 * complete after releasing the writer role ({@link #nextDone}).
 */
final class Append {
  private static final int PENDING = 0;
  private static final int DONE = 1;
  private static final int FAILED = 2;

  final byte[][] payloads;
  final long framedBytes;
  final Thread thread;
  final CompletableFuture<Long> future;

  /** Assigned by the writer: the first sequence, and the one its acknowledgement waits for. */
  long firstSequence;

  long lastSequence;
  Append nextDone;
  private volatile int state = PENDING;
  private Throwable error;

  private Append(byte[][] payloads, long framedBytes, Thread thread, CompletableFuture<Long> f) {
    this.payloads = payloads;
    this.framedBytes = framedBytes;
    this.thread = thread;
    this.future = f;
  }

  /** Records appended by the calling thread, which waits for them. */
  static Append waiting(byte[][] payloads, long framedBytes) {
    return new Append(payloads, framedBytes, Thread.currentThread(), null);
  }

  /** One record whose acknowledgement completes {@code future} with its sequence. */
  static Append completing(byte[] payload, CompletableFuture<Long> future) {
    return new Append(
        new byte[][] {payload}, Format.FRAME_HEADER_SIZE + (long) payload.length, null, future);
  }

  /** A {@code flush()} by the calling thread: acknowledged once everything before it is durable. */
  static Append flush(long upTo) {
    Append a = new Append(new byte[0][], 0, Thread.currentThread(), null);
    a.lastSequence = upTo;
    return a;
  }

  boolean isFlush() {
    return payloads.length == 0;
  }

  boolean isDone() {
    return state != PENDING;
  }

  void complete() {
    state = DONE;
    if (future != null) {
      future.complete(lastSequence);
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

  /** After {@link #isDone()}: throws the failure, if any. */
  void rethrow() {
    if (state == FAILED) {
      if (error instanceof RuntimeException e) {
        throw e;
      }
      throw new DaktiloException("Cannot complete the append: " + error.getMessage(), error);
    }
  }
}
