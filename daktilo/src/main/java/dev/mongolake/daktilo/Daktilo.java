package dev.mongolake.daktilo;

import dev.mongolake.daktilo.internal.SegmentedLog;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A durable, ordered, binary append-only log (write-ahead log) in one directory.
 *
 * <p><b>Sequences.</b> Every record gets a sequence number: the first is 1, each next one is one
 * higher, and a sequence is never reused, neither after a crash nor after compaction (in {@link
 * Durability#ASYNC} mode, records acknowledged since the last device flush may be lost in a machine
 * crash and their sequences then reused).
 *
 * <p><b>Acknowledgement.</b> An append returns (or its future completes) once the record is durable
 * as {@link DaktiloOptions#durability()} says. Readers, ranges and tails see only acknowledged
 * records, so a record a reader saw is still there after a process crash.
 *
 * <p><b>Threads.</b> All methods are thread-safe and suit virtual threads: waiting parks the
 * thread, appenders never block on a lock, and interrupting a caller never breaks the log. Appends
 * from many threads go through one queue and are written by one writer at a time, in queue order
 * (each caller's appends in the order of its calls). The log owns one platform thread (the sync
 * thread) until {@link #close()}. An append racing with {@code close()} is either written and
 * acknowledged or fails with {@link LogClosedException}; none is left waiting.
 *
 * <p><b>Errors.</b> Everything thrown on purpose is a {@link DaktiloException}. If a device flush
 * fails, the log refuses further appends (retrying a failed fsync can lose data silently); reopen
 * it. Opening a damaged log throws {@link CorruptionException} unless the damage is a torn tail of
 * the active segment, which is cut off (see {@code daktilo/FORMAT.md}).
 *
 * <p>Example:
 *
 * <pre>{@code
 * try (Daktilo log = Daktilo.open(Path.of("wal"), DaktiloOptions.defaults())) {
 *   long seq = log.append("hello".getBytes(UTF_8));
 *   LogEntry e = log.read(seq);
 * }
 * }</pre>
 */
public final class Daktilo implements AutoCloseable {
  private static final int RANGE_CHUNK_RECORDS = 512;
  private static final long RANGE_CHUNK_BYTES = 1 << 20;

  private final SegmentedLog log;

  private Daktilo(SegmentedLog log) {
    this.log = log;
  }

  /**
   * Opens the log in {@code dir}, creating the directory and an empty log when needed, and recovers
   * it: every segment is checked (CRC of each record), a torn tail of the last segment is cut off,
   * and sequences continue after the last record (or after the checkpoint, if that is higher). Only
   * one open instance per directory is allowed (a lock file enforces it across processes).
   *
   * @throws CorruptionException when the log is damaged beyond a torn tail
   * @throws DaktiloException when the directory cannot be used or is already open
   */
  public static Daktilo open(Path dir, DaktiloOptions options) {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(options, "options");
    return new Daktilo(SegmentedLog.open(dir, options));
  }

  /** Opens {@code dir} with {@link DaktiloOptions#defaults()}. */
  public static Daktilo open(Path dir) {
    return open(dir, DaktiloOptions.defaults());
  }

  /**
   * Appends one record and returns its sequence once it is acknowledged. The array is only read
   * during the call (its bytes are copied into the log before this returns), so the caller may
   * reuse it afterwards.
   *
   * @throws IllegalArgumentException when the record does not fit in one segment
   * @throws LogClosedException when the log is closed
   */
  public long append(byte[] payload) {
    return log.append(payload);
  }

  /** Appends the remaining bytes of {@code payload} (its position is not changed). */
  public long append(ByteBuffer payload) {
    return log.append(copy(payload));
  }

  /**
   * Appends one record without waiting for the device: the bytes are copied before this returns
   * (the caller may reuse the array), and the future completes with its sequence once it is
   * acknowledged, or exceptionally with a {@link DaktiloException}. The order of sequences is the
   * order of the calls. Callbacks attached without an executor run on the log's sync thread and
   * must not block. A closed log throws {@link LogClosedException} at once.
   */
  public CompletableFuture<Long> appendAsync(byte[] payload) {
    return log.appendAsync(payload);
  }

  /**
   * Appends several records atomically: after a crash either all of them are in the log or none is.
   * They get consecutive sequences, returned in order, and become visible to readers together. An
   * empty list appends nothing and returns an empty array.
   *
   * @throws IllegalArgumentException when the batch does not fit in one segment
   */
  public long[] appendMany(List<byte[]> payloads) {
    return log.appendMany(payloads.toArray(byte[][]::new));
  }

  /**
   * Reads one acknowledged record; recent records come from memory.
   *
   * @throws CompactedSequenceException when {@code sequence} was compacted away
   * @throws UnwrittenSequenceException when {@code sequence} is above {@link #lastSequence()}
   * @throws CorruptionException when its bytes on disk are damaged
   * @throws IllegalArgumentException when {@code sequence < 1}
   */
  public LogEntry read(long sequence) {
    return log.reader().read(sequence);
  }

  /**
   * The acknowledged records {@code from..toInclusive}, in order, read lazily in bounded chunks (an
   * empty stream when {@code toInclusive < from}). The bounds are checked now; a compaction that
   * overtakes the stream makes it throw {@link CompactedSequenceException}.
   *
   * @throws CompactedSequenceException when {@code from} is below {@link #firstSequence()}
   * @throws UnwrittenSequenceException when {@code toInclusive} is above {@link #lastSequence()}
   */
  public Stream<LogEntry> range(long from, long toInclusive) {
    return StreamSupport.stream(
        Spliterators.spliterator(
            iterator(from, toInclusive),
            Math.max(0, lastOfRange(from, toInclusive) - from + 1),
            Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.IMMUTABLE),
        false);
  }

  /** {@link #range} as an iterator. */
  public Iterator<LogEntry> iterator(long from, long to) {
    log.reader().checkRange(from, to);
    long toInclusive = lastOfRange(from, to);
    return new Iterator<>() {
      private final java.util.ArrayDeque<LogEntry> buffer = new java.util.ArrayDeque<>();
      private final java.util.ArrayList<LogEntry> chunk = new java.util.ArrayList<>();
      private long next = from;

      @Override
      public boolean hasNext() {
        return !buffer.isEmpty() || next <= toInclusive;
      }

      @Override
      public LogEntry next() {
        if (buffer.isEmpty()) {
          if (next > toInclusive) {
            throw new NoSuchElementException("Cannot read past sequence " + toInclusive);
          }
          chunk.clear();
          log.reader()
              .readRangeChunk(next, toInclusive, RANGE_CHUNK_RECORDS, RANGE_CHUNK_BYTES, chunk);
          buffer.addAll(chunk);
          next += chunk.size();
        }
        return buffer.poll();
      }
    };
  }

  /**
   * The last sequence a range reads: {@code toInclusive}, or {@code from - 1} for a range with
   * nothing in it. Sequence 0 is never a record: {@code range(0, 0)}, the range from {@link
   * #firstSequence()} to {@link #lastSequence()} of an empty log, reads nothing.
   */
  private static long lastOfRange(long from, long toInclusive) {
    return toInclusive < Math.max(from, 1) ? from - 1 : toInclusive;
  }

  /**
   * A live tail from {@code from}: every record with a sequence at or above it, including those
   * appended later, in order. {@code from} may be above {@link #lastSequence()} (it then waits).
   * See {@link LogTail} for blocking, back-pressure and how it ends. Close it when done.
   *
   * @throws CompactedSequenceException when {@code from} was compacted away
   */
  public LogTail tail(long from) {
    return log.reader().tail(from);
  }

  /**
   * Records durably (write temp file, fsync, atomic rename, fsync directory) that every record up
   * to {@code sequence} is applied elsewhere, which allows {@link #compact()} to delete it. The
   * checkpoint never moves back; repeating the current value does nothing.
   *
   * @throws IllegalArgumentException when {@code sequence} is negative, above {@link
   *     #lastSequence()} or below the current checkpoint
   */
  public void checkpoint(long sequence) {
    log.checkpoint(sequence);
  }

  /**
   * What opening this log cut off the end of its active segment: empty when the log ended cleanly
   * (see {@link TornTail} for when it does not, and why callers should log it).
   */
  public Optional<TornTail> droppedTail() {
    return log.droppedTail();
  }

  /** The last checkpoint (0 when none). */
  public long checkpointSequence() {
    return log.checkpointSequence();
  }

  /**
   * Deletes every sealed segment whose records are all at or below the checkpoint and returns how
   * many it deleted. The active segment is never deleted. Reads below the new {@link
   * #firstSequence()} then throw {@link CompactedSequenceException}.
   */
  public int compact() {
    return log.compact();
  }

  /**
   * Like {@link #compact()}, deleting only the sealed segments whose records are all at or below
   * both the checkpoint and {@code upTo}: a caller that still needs some records below the
   * checkpoint (open readers, a retention window) keeps them and lets the older segments go.
   */
  public int compact(long upTo) {
    return log.compact(upTo);
  }

  /**
   * Makes everything appended so far durable on the device; in {@link Durability#ASYNC} mode it
   * forces a flush now, in the other modes it waits for flushes in progress.
   */
  public void flush() {
    log.flush();
  }

  /**
   * The oldest readable sequence: 0 when nothing was ever appended, and {@code lastSequence() + 1}
   * when every record was compacted away. {@code range(firstSequence(), lastSequence())} is
   * therefore always valid (and empty for an empty log).
   */
  public long firstSequence() {
    return log.firstSequence();
  }

  /** The newest acknowledged sequence, or 0 when nothing was ever appended. */
  public long lastSequence() {
    return log.lastSequence();
  }

  /** The directory this log lives in. */
  public Path directory() {
    return log.directory();
  }

  /** The options it was opened with. */
  public DaktiloOptions options() {
    return log.options();
  }

  /**
   * How this log preallocates new segment files, decided when it opened: {@link
   * Preallocation#SPARSE} in ASYNC mode; otherwise {@link DaktiloOptions#preallocation()}, except
   * that {@link Preallocation#AUTO} and {@link Preallocation#FALLOCATE} become {@link
   * Preallocation#ZERO_FILL} where {@code fallocate(2)} is unavailable or the log directory's file
   * system does not support it.
   */
  public Preallocation preallocation() {
    return log.preallocation();
  }

  /**
   * Flushes everything written to the device, ends the sync thread and the tails (they throw {@link
   * LogClosedException}) and releases the files. Idempotent. Later calls throw {@link
   * LogClosedException}.
   */
  @Override
  public void close() {
    log.close();
  }

  private static byte[] copy(ByteBuffer payload) {
    byte[] bytes = new byte[payload.remaining()];
    payload.get(payload.position(), bytes);
    return bytes;
  }
}
