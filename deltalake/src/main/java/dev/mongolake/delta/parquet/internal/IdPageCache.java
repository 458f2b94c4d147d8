package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.storage.Storage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The decompressed values of {@code _id} pages that point reads searched, by file and page: the
 * {@code _id}s of a table of a million ~30-byte string ids take ~32 MiB, so a lookup by a uniformly
 * random id finds its page here instead of reading and decompressing 32 KiB of the file (measured
 * at a sixth of a point read's time). Data files are immutable, so an entry never goes stale.
 *
 * <p>Bounded by an approximate byte budget, least recently used first out, over {@value #STRIPES}
 * stripes by key, each under its own lock, so concurrent lookups seldom wait for each other.
 */
public final class IdPageCache {

  /**
   * One page's values, as {@link IdPageSearch} compares them in place.
   *
   * @param values the page's plain-encoded values, decompressed
   * @param count how many values the page holds
   */
  record Page(byte[] values, int count) {}

  private record Key(Storage storage, String path, long offset) {}

  /** Map entry, key and reference overhead per entry, on top of the page's bytes. */
  private static final int ENTRY_OVERHEAD = 160;

  private static final int STRIPE_BITS = 4;
  private static final int STRIPES = 1 << STRIPE_BITS;

  private static final IdPageCache SHARED =
      new IdPageCache(Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 64));

  private final Stripe[] stripes = new Stripe[STRIPES];
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();

  /**
   * @param capacityBytes the approximate memory entries may take; 0 caches nothing
   */
  public IdPageCache(long capacityBytes) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("Cache capacity " + capacityBytes + " < 0");
    }
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Stripe(capacityBytes / STRIPES);
    }
  }

  /** The process-wide cache: 1/64 of the heap, at most 64 MiB. */
  public static IdPageCache shared() {
    return SHARED;
  }

  /** Lookups answered from memory. */
  public long hits() {
    return hits.sum();
  }

  /** Lookups that had to read the page. */
  public long misses() {
    return misses.sum();
  }

  /** The page of {@code path} at {@code offset}, or null when not cached. */
  Page get(Storage storage, String path, long offset) {
    Key key = new Key(storage, path, offset);
    Stripe stripe = stripe(key);
    Page page;
    synchronized (stripe) {
      page = stripe.pages.get(key);
    }
    (page == null ? misses : hits).increment();
    return page;
  }

  void put(Storage storage, String path, long offset, Page page) {
    Key key = new Key(storage, path, offset);
    Stripe stripe = stripe(key);
    long weight = page.values().length + ENTRY_OVERHEAD;
    synchronized (stripe) {
      if (weight > stripe.capacity) {
        return;
      }
      Page before = stripe.pages.put(key, page);
      stripe.bytes += weight - (before == null ? 0 : before.values().length + ENTRY_OVERHEAD);
      var oldest = stripe.pages.entrySet().iterator();
      while (stripe.bytes > stripe.capacity && oldest.hasNext()) {
        Map.Entry<Key, Page> evicted = oldest.next();
        oldest.remove();
        stripe.bytes -= evicted.getValue().values().length + ENTRY_OVERHEAD;
      }
    }
  }

  private Stripe stripe(Key key) {
    int hash = key.hashCode();
    return stripes[(hash ^ (hash >>> 16)) & (STRIPES - 1)];
  }

  private static final class Stripe {
    final long capacity;
    final LinkedHashMap<Key, Page> pages = new LinkedHashMap<>(64, 0.75f, true);
    long bytes;

    Stripe(long capacity) {
      this.capacity = capacity;
    }
  }
}
