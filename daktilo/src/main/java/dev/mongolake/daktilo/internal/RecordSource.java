package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.LogEntry;
import java.util.List;

/**
 * The read path of one segment. Raw segments ({@link Segment}) read frames from a memory mapping; a
 * compressed sealed segment reader plugs in here by decoding only the blocks it needs.
 *
 * <p>Users bracket reads with {@link #acquire()} / {@link #release()}: a source that is retired
 * (compacted or closed) frees its resources only after the last reader released it.
 */
public interface RecordSource {

  /** The segment's first sequence (from its header). */
  long firstSequence();

  /** Sequence of the last complete record, {@code firstSequence() - 1} when empty. */
  long lastSequence();

  /**
   * Appends the records with sequences {@code from..to} (clamped to this segment) to {@code out},
   * stopping early after {@code maxRecords} records or once {@code maxBytes} of payload were added
   * (at least one record is always added when one exists). Returns how many were added. Checks
   * every delivered record's CRC.
   *
   * @throws dev.mongolake.daktilo.CorruptionException when a frame is damaged
   */
  int read(long from, long to, int maxRecords, long maxBytes, List<LogEntry> out);

  /** Takes a read reference; false when the source is already retired. */
  boolean acquire();

  /** Returns a reference taken by {@link #acquire()}. */
  void release();
}
