package dev.mongolake.daktilo.internal;

import dev.mongolake.daktilo.CompactedSequenceException;
import dev.mongolake.daktilo.LogClosedException;
import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.LogTail;
import dev.mongolake.daktilo.UnwrittenSequenceException;
import java.util.ArrayList;
import java.util.List;

/**
 * The read path of a log: bounds checks, the hot ring cache, then the segment holding the sequence
 * (binary search over the segments, then the segment's own index or block index). Reads are
 * lock-free; a segment retired under a reader (compaction, compression swap) is retried against the
 * new segment list.
 */
public final class LogReader {
  private final SegmentedLog log;
  private final RingCache cache;
  private final TailHub tails;
  private final int tailPrefetch;

  LogReader(SegmentedLog log, RingCache cache, TailHub tails, int tailPrefetch) {
    this.log = log;
    this.cache = cache;
    this.tails = tails;
    this.tailPrefetch = tailPrefetch;
  }

  /**
   * The oldest readable sequence: 0 when nothing was ever appended, {@code lastSequence() + 1} when
   * every record was compacted away (so {@code range(first, last)} is always a valid, possibly
   * empty, range).
   */
  public long firstSequence() {
    long last = log.committedSequence();
    if (last == 0) {
      return 0;
    }
    for (RecordSource s : log.segments()) {
      if (s.lastSequence() >= s.firstSequence()) {
        return Math.min(s.firstSequence(), last + 1);
      }
    }
    return last + 1;
  }

  private void checkOpen(String action) {
    if (log.isClosed()) {
      throw closedError(action);
    }
  }

  private LogClosedException closedError(String action) {
    return new LogClosedException(
        "Cannot " + action + ": the log " + log.directory() + " is closed");
  }

  private void checkReadable(long sequence, String action) {
    if (sequence < 1) {
      throw new IllegalArgumentException(
          "Cannot " + action + " sequence " + sequence + ": sequences start at 1");
    }
    if (log.isClosed()) {
      throw closedError(action + " sequence " + sequence);
    }
  }

  public LogEntry read(long sequence) {
    checkReadable(sequence, "read");
    long last = log.committedSequence();
    if (sequence > last) {
      throw new UnwrittenSequenceException(sequence, firstSequence(), last);
    }
    List<LogEntry> out = new ArrayList<>(1);
    readRange(sequence, sequence, 1, 1, out);
    return out.get(0);
  }

  /** {@link #readRange} for the public range iterator. */
  public int readRangeChunk(long from, long to, int maxRecords, long maxBytes, List<LogEntry> out) {
    return readRange(from, to, maxRecords, maxBytes, out);
  }

  /**
   * Appends committed records {@code from..to} to {@code out} (at most {@code maxRecords}, about
   * {@code maxBytes}), from the hot cache when it has them, else from the segments. Returns how
   * many were added (at least one when {@code from <= to}).
   */
  int readRange(long from, long to, int maxRecords, long maxBytes, List<LogEntry> out) {
    long first = firstSequence();
    if (from <= to && from < first) {
      // Checked before the cache, which may still hold compacted records.
      throw new CompactedSequenceException(from, first, log.committedSequence());
    }
    int added = 0;
    long bytes = 0;
    long seq = from;
    while (seq <= to && added < maxRecords && (added == 0 || bytes < maxBytes)) {
      byte[] cached = cache.get(seq);
      if (cached == null) {
        break;
      }
      out.add(new LogEntry(seq, cached));
      added++;
      bytes += cached.length;
      seq++;
    }
    while (seq <= to && added < maxRecords && (added == 0 || bytes < maxBytes)) {
      int start = out.size();
      int n =
          readSegments(seq, to, maxRecords - added, added == 0 ? maxBytes : maxBytes - bytes, out);
      for (int i = start; i < out.size(); i++) {
        bytes += out.get(i).payload().length;
      }
      added += n;
      seq += n;
    }
    return added;
  }

  private int readSegments(long from, long to, int maxRecords, long maxBytes, List<LogEntry> out) {
    while (true) {
      if (log.isClosed()) {
        throw closedError("read sequence " + from);
      }
      RecordSource[] segs = log.segments();
      int i = findSegment(segs, from);
      if (i < 0) {
        throw new CompactedSequenceException(from, firstSequence(), log.committedSequence());
      }
      RecordSource s = segs[i];
      if (!s.acquire()) {
        continue; // retired under us: compacted (or closed); re-check against the new list
      }
      try {
        int n = s.read(from, to, maxRecords, maxBytes, out);
        if (n == 0) {
          // In a sequence gap (after a recovery that skipped to the checkpoint): never written.
          throw new CompactedSequenceException(from, firstSequence(), log.committedSequence());
        }
        return n;
      } finally {
        s.release();
      }
    }
  }

  /** Index of the last segment whose first sequence is at most {@code sequence}, or -1. */
  private static int findSegment(RecordSource[] segs, long sequence) {
    int lo = 0;
    int hi = segs.length - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (segs[mid].firstSequence() <= sequence) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  /** Checks a range request and returns the committed sequence it was checked against. */
  public long checkRange(long from, long toInclusive) {
    if (toInclusive < Math.max(from, 1)) {
      checkOpen("read a range");
      return log.committedSequence(); // empty: nothing to check
    }
    checkReadable(from, "read");
    long last = log.committedSequence();
    if (toInclusive > last) {
      throw new UnwrittenSequenceException(toInclusive, firstSequence(), last);
    }
    long first = firstSequence();
    if (from < first) {
      throw new CompactedSequenceException(from, first, last);
    }
    return last;
  }

  public LogTail tail(long from) {
    checkReadable(from, "tail from");
    long first = firstSequence();
    long last = log.committedSequence();
    if (from <= last && from < first) {
      throw new CompactedSequenceException(from, first, last);
    }
    Tail tail = new Tail(this, log, tails, from, tailPrefetch);
    tails.register(tail);
    return tail;
  }
}
