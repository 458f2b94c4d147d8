package dev.mongolake.daktilo;

import java.time.Duration;
import java.util.Iterator;

/**
 * A live, ordered subscription to the log from a starting sequence: it delivers every record from
 * there on, including records appended after it was opened, each exactly once and in sequence
 * order. Obtain one with {@link Daktilo#tail(long)}.
 *
 * <p><b>Blocking and back-pressure.</b> {@link #hasNext()} and {@link #next()} block until the next
 * record is acknowledged. The tail pulls records only when its consumer asks, reading at most
 * {@code tailPrefetch} records ahead, so its memory is bounded however slow the consumer is; a slow
 * tail never slows appenders down (it falls back from the hot cache to the segment files). Blocking
 * parks the thread ({@code LockSupport}), so thousands of tails on virtual threads are cheap.
 *
 * <p><b>Ending.</b> {@link #close()} (from any thread) ends the tail: {@link #hasNext()} then
 * returns {@code false}, also in a thread blocked in it. When the log itself is closed, {@link
 * #hasNext()}, {@link #next()} and {@link #poll(Duration)} throw {@link LogClosedException}. When
 * the tail's position was compacted away they throw {@link CompactedSequenceException}. When the
 * waiting thread is interrupted they throw {@link DaktiloException} and keep the interrupt flag.
 *
 * <p>A tail is meant for one consuming thread; {@link #close()} may be called from any thread.
 */
public interface LogTail extends Iterator<LogEntry>, AutoCloseable {

  /** Blocks until a record is available (true) or the tail was closed (false). */
  @Override
  boolean hasNext();

  /** Blocks until the next record is available and returns it. */
  @Override
  LogEntry next();

  /**
   * Returns the next record, waiting at most {@code timeout} for it; {@code null} when none arrived
   * in time or the tail was closed.
   */
  LogEntry poll(Duration timeout);

  /** The sequence the next delivered record will have. */
  long position();

  /** Ends the tail and releases its buffer. Idempotent. */
  @Override
  void close();
}
