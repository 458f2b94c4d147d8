package dev.mongolake.daktilo.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Hot-read ring cache of the most recent records. It remembers where each recent record sits
 * (segment, position, length) in primitive arrays indexed by sequence; the bytes themselves are
 * served from the memory-mapped segment, whose just-written pages are resident in the page cache.
 * So a hit costs one copy and a CRC check, needs no index search, allocates nothing on the append
 * path and keeps no payload on the Java heap (no garbage-collector cost).
 *
 * <p>The ring covers the most recent records whose payloads add up to at most the byte budget.
 * Written only by the log's writer; read by anyone without locks, with a sequence-lock protocol per
 * slot (a torn read is detected and counts as a miss).
 */
public final class RingCache {
  private static final VarHandle SEQ = MethodHandles.arrayElementVarHandle(long[].class);

  private final long[] sequences;
  private final Segment[] segments;
  private final int[] positions;
  private final int[] lengths;
  private final int mask;
  private final long budget;
  private long bytes;
  private long oldest = 1;
  private long newest;

  public RingCache(long budgetBytes) {
    this.budget = budgetBytes;
    int wanted = (int) Math.min(1 << 20, Math.max(64, budgetBytes / 64));
    int size = budgetBytes == 0 ? 1 : Integer.highestOneBit(wanted - 1) << 1;
    this.sequences = new long[size];
    this.segments = new Segment[size];
    this.positions = new int[size];
    this.lengths = new int[size];
    this.mask = size - 1;
  }

  /** Remembers that {@code sequence} is the frame at {@code position} of {@code segment}. */
  public void put(long sequence, Segment segment, int position, int length) {
    if (budget == 0) {
      return;
    }
    if (sequence != newest + 1) {
      clear();
      oldest = sequence;
    }
    newest = sequence;
    int idx = (int) (sequence & mask);
    long old = (long) SEQ.getOpaque(sequences, idx);
    if (old != 0) {
      bytes -= lengths[idx];
      oldest = Math.max(oldest, old + 1);
    }
    SEQ.setOpaque(sequences, idx, 0L);
    VarHandle.storeStoreFence();
    segments[idx] = segment;
    positions[idx] = position;
    lengths[idx] = length;
    SEQ.setRelease(sequences, idx, sequence);
    bytes += length;
    while (bytes > budget && oldest < sequence) {
      int o = (int) (oldest & mask);
      if ((long) SEQ.getOpaque(sequences, o) == oldest) {
        bytes -= lengths[o];
        SEQ.setRelease(sequences, o, 0L);
        segments[o] = null;
      }
      oldest++;
    }
  }

  /** The payload of {@code sequence} when the ring covers it, else null. */
  public byte[] get(long sequence) {
    int idx = (int) (sequence & mask);
    if ((long) SEQ.getAcquire(sequences, idx) != sequence) {
      return null;
    }
    Segment segment = segments[idx];
    int position = positions[idx];
    VarHandle.loadLoadFence();
    if (segment == null || (long) SEQ.getAcquire(sequences, idx) != sequence) {
      return null;
    }
    if (!segment.acquire()) {
      return null;
    }
    try {
      return segment.payloadAt(position, sequence);
    } finally {
      segment.release();
    }
  }

  private void clear() {
    for (int i = 0; i < sequences.length; i++) {
      SEQ.setRelease(sequences, i, 0L);
      segments[i] = null;
    }
    bytes = 0;
  }
}
