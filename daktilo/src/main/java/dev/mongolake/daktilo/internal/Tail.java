package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.DaktiloException;
import dev.mongolake.daktilo.LogClosedException;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.LogTail;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.locks.LockSupport;

/** {@link LogTail} implementation: pulls bounded chunks of acknowledged records on demand. */
final class Tail implements LogTail {
  private static final long MAX_CHUNK_BYTES = 1 << 20;

  private final LogReader reader;
  private final SegmentedLog log;
  private final TailHub hub;
  private final int prefetch;
  private final ArrayDeque<LogEntry> buffer = new ArrayDeque<>();
  private final List<LogEntry> chunk = new ArrayList<>();
  private long next;
  private volatile boolean closed;
  private volatile Thread waiter;

  Tail(LogReader reader, SegmentedLog log, TailHub hub, long from, int prefetch) {
    this.reader = reader;
    this.log = log;
    this.hub = hub;
    this.next = from;
    this.prefetch = prefetch;
  }

  void wake() {
    Thread t = waiter;
    if (t != null) {
      LockSupport.unpark(t);
    }
  }

  @Override
  public boolean hasNext() {
    return await(-1);
  }

  @Override
  public LogEntry next() {
    if (!await(-1)) {
      throw new NoSuchElementException("Cannot read the next record: the tail is closed");
    }
    return buffer.poll();
  }

  @Override
  public LogEntry poll(Duration timeout) {
    long nanos = Math.max(0, timeout.toNanos());
    return await(System.nanoTime() + nanos) ? buffer.poll() : null;
  }

  @Override
  public long position() {
    return next - buffer.size();
  }

  @Override
  public void close() {
    closed = true;
    hub.unregister(this);
    wake();
  }

  /** Waits until the buffer holds a record; false when closed or (with a deadline) timed out. */
  private boolean await(long deadline) {
    if (!buffer.isEmpty()) {
      return true;
    }
    while (true) {
      if (closed) {
        buffer.clear();
        return false;
      }
      if (log.isClosed()) {
        throw new LogClosedException(
            "Cannot read from the tail at sequence " + next + ": the log is closed");
      }
      long committed = log.committedSequence();
      if (committed >= next) {
        fill(committed);
        return true;
      }
      if (deadline != -1 && System.nanoTime() - deadline >= 0) {
        return false;
      }
      waiter = Thread.currentThread();
      hub.waiting.incrementAndGet();
      try {
        if (closed || log.isClosed() || log.committedSequence() >= next) {
          continue;
        }
        if (deadline == -1) {
          LockSupport.park(this);
        } else {
          LockSupport.parkNanos(this, deadline - System.nanoTime());
        }
        if (Thread.currentThread().isInterrupted()) {
          throw new DaktiloException(
              "Cannot wait for sequence " + next + " on the tail: the thread was interrupted");
        }
      } finally {
        hub.waiting.decrementAndGet();
        waiter = null;
      }
    }
  }

  private void fill(long committed) {
    chunk.clear();
    reader.readRange(next, committed, prefetch, MAX_CHUNK_BYTES, chunk);
    buffer.addAll(chunk);
    next += chunk.size();
    chunk.clear();
  }
}
