package dev.mongolake.daktilo.internal;

import java.util.Arrays;

/**
 * Sparse in-memory index of one segment: one entry (sequence, file position) at least every {@code
 * interval} bytes, in two primitive int arrays (sequence relative to the segment's first sequence,
 * position inside the segment), binary-searched. 8 bytes per entry: 2 MiB per GiB of log at the
 * default 4 KiB interval.
 *
 * <p>One writer (the log's writer, or the recovery scan) and any number of concurrent readers: the
 * writer publishes arrays before the count that covers them, so a reader that reads the count first
 * always sees filled entries.
 */
public final class SparseIndex implements SegmentScanner.FrameSink {
  private final long baseSequence;
  private final int interval;
  private volatile int[] sequences = new int[16];
  private volatile int[] positions = new int[16];
  private volatile int count;
  private int lastPosition = Integer.MIN_VALUE;

  public SparseIndex(long baseSequence, int interval) {
    this.baseSequence = baseSequence;
    this.interval = interval;
  }

  /** Offers a frame; it is kept when it is the first or {@code interval} bytes past the last. */
  @Override
  public void frame(long sequence, int position) {
    if ((long) position - lastPosition < interval) {
      return;
    }
    int n = count;
    int[] seqs = sequences;
    int[] pos = positions;
    if (n == seqs.length) {
      seqs = Arrays.copyOf(seqs, n * 2);
      pos = Arrays.copyOf(pos, n * 2);
    }
    seqs[n] = (int) (sequence - baseSequence);
    pos[n] = position;
    sequences = seqs;
    positions = pos;
    count = n + 1;
    lastPosition = position;
  }

  /** Drops entries for sequences above {@code sequence} (recovery truncated them). */
  public void truncateAfter(long sequence) {
    int n = count;
    while (n > 0 && baseSequence + sequences[n - 1] > sequence) {
      n--;
    }
    count = n;
    lastPosition = n == 0 ? Integer.MIN_VALUE : positions[n - 1];
  }

  /**
   * Index of the last entry at or below {@code sequence}, or -1 when there is none. Read the entry
   * with {@link #sequenceAt} and {@link #positionAt}.
   */
  public int floor(long sequence) {
    int n = count;
    int[] seqs = sequences;
    long rel = sequence - baseSequence;
    int lo = 0;
    int hi = n - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (seqs[mid] <= rel) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  public long sequenceAt(int entry) {
    return baseSequence + sequences[entry];
  }

  public int positionAt(int entry) {
    return positions[entry];
  }

  public int size() {
    return count;
  }

  /** Bytes held by the arrays (capacity, not count). */
  public long memoryBytes() {
    return 8L * sequences.length;
  }
}
