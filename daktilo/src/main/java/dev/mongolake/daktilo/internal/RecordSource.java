package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.LogEntry;
import java.nio.file.Path;
import java.util.List;

/**
 * The read path of one segment. Raw segments ({@link Segment}) read frames from a memory mapping;
 * compressed sealed segments ({@link CompressedSegment}) decode only the block they need. The log
 * keeps its segments as record sources, so a segment can be swapped for its compressed form while
 * readers keep going.
 *
 * <p>Users bracket reads with {@link #acquire()} / {@link #release()}: a source that is retired
 * (compacted, replaced or closed) frees its resources only after the last reader released it.
 */
public interface RecordSource {

  /** The segment file. */
  Path file();

  /** The segment header. */
  SegmentHeader header();

  /** The segment's first sequence (from its header). */
  default long firstSequence() {
    return header().firstSequence();
  }

  /** Sequence of the last complete record, {@code firstSequence() - 1} when empty. */
  long lastSequence();

  /** False only for the active segment. */
  boolean sealed();

  /** Whether the file is stored block-compressed. */
  boolean compressed();

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

  /** Drops the log's own reference; resources go once the last reader released theirs. */
  void retire();
}
