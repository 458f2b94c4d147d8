package dev.mongolake.daktilo.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Hot-read cache of the most recent records: a ring of slots indexed by sequence, bounded by a byte
 * budget. Tailers and reads of just-written records hit it and skip the segment files.
 *
 * <p>Written only by the appender holding the write lock; read by anyone without locks. A slot
 * holds an immutable {@link Slot}; a reader checks the slot's sequence, so a stale or overwritten
 * slot is simply a miss.
 */
public final class RingCache {
  private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Slot[].class);

  /** One cached record. The payload is never modified after publication. */
  public record Slot(long sequence, byte[] payload) {}

  private final Slot[] slots;
  private final int mask;
  private final long budget;
  private final long maxRecordBytes;
  private long bytes;
  private long oldest = Long.MAX_VALUE;
  private long newest;

  public RingCache(long budgetBytes) {
    this.budget = budgetBytes;
    int wanted = (int) Math.min(1 << 16, Math.max(64, budgetBytes / 128));
    int size = Integer.highestOneBit(wanted - 1) << 1;
    this.slots = budgetBytes == 0 ? new Slot[1] : new Slot[size];
    this.mask = slots.length - 1;
    this.maxRecordBytes = budgetBytes / 8;
  }

  /** Caches {@code payload} (owned by the cache from now on) under {@code sequence}. */
  public void put(long sequence, byte[] payload) {
    if (budget == 0) {
      return;
    }
    if (sequence != newest + 1) {
      clear();
    }
    newest = sequence;
    int idx = (int) (sequence & mask);
    Slot old = (Slot) SLOTS.getAcquire(slots, idx);
    if (old != null) {
      bytes -= old.payload.length;
      if (old.sequence >= oldest) {
        oldest = old.sequence + 1;
      }
    }
    if (payload.length > maxRecordBytes) {
      // Too big to be worth caching: leave the slot empty (a miss reads the segment).
      SLOTS.setRelease(slots, idx, (Slot) null);
      return;
    }
    SLOTS.setRelease(slots, idx, new Slot(sequence, payload));
    bytes += payload.length;
    if (oldest > sequence) {
      oldest = sequence;
    }
    while (bytes > budget && oldest < sequence) {
      int o = (int) (oldest & mask);
      Slot victim = (Slot) SLOTS.getAcquire(slots, o);
      if (victim != null && victim.sequence == oldest) {
        bytes -= victim.payload.length;
        SLOTS.setRelease(slots, o, (Slot) null);
      }
      oldest++;
    }
  }

  /** The cached payload of {@code sequence} (shared: copy before handing it out), or null. */
  public byte[] get(long sequence) {
    Slot slot = (Slot) SLOTS.getAcquire(slots, (int) (sequence & mask));
    return slot != null && slot.sequence == sequence ? slot.payload : null;
  }

  private void clear() {
    for (int i = 0; i < slots.length; i++) {
      SLOTS.setRelease(slots, i, (Slot) null);
    }
    bytes = 0;
    oldest = Long.MAX_VALUE;
  }
}
