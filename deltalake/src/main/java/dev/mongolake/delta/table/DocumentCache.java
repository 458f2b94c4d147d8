package dev.mongolake.delta.table;

import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.delta.storage.Storage;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Point reads by {@code _id} answered from memory: for a data file and an {@code _id}, the document
 * the file holds under it, or the fact that it holds none. Data files are immutable, so an entry
 * never goes stale; a snapshot that no longer lists the file simply stops asking for it.
 *
 * <p>Documents are kept as BSON bytes (callers get their own mutable copy) and bounded by an
 * approximate byte budget, least recently used first out. Thread-safe: entries are spread over
 * {@value #STRIPES} stripes by key, each its own LRU map under its own lock with an equal share of
 * the budget, so that concurrent point reads (one per client connection) seldom wait for each
 * other; eviction order is least recently used per stripe.
 */
public final class DocumentCache {

  /** Hits (documents and known absences), misses, evictions and what the cache holds. */
  public record Stats(long hits, long misses, long evictions, int entries, long bytes) {}

  /**
   * One logical file: its storage, path and size, and the unique id of its deletion vector (a
   * file's documents differ from one deletion vector to the next), with the hash computed once.
   */
  static final class FileKey {
    private final Storage storage;
    private final String path;
    private final long size;
    private final String deletionVectorId;
    private final int hash;

    FileKey(Storage storage, String path, long size) {
      this(storage, path, size, null);
    }

    /**
     * @param deletionVectorId the deletion vector's unique id, or null for none
     */
    FileKey(Storage storage, String path, long size, String deletionVectorId) {
      this.storage = storage;
      this.path = path;
      this.size = size;
      this.deletionVectorId = deletionVectorId;
      this.hash = Objects.hash(storage, path, size, deletionVectorId);
    }

    String path() {
      return path;
    }

    long size() {
      return size;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof FileKey that
          && hash == that.hash
          && size == that.size
          && path.equals(that.path)
          && Objects.equals(deletionVectorId, that.deletionVectorId)
          && storage.equals(that.storage);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  private record Key(FileKey file, BsonValue id) {}

  /** The lookup's answer when the file holds no document under the id. */
  private static final byte[] ABSENT = new byte[0];

  /** Map entry, key and reference overhead per entry, on top of the document's bytes. */
  private static final int ENTRY_OVERHEAD = 160;

  private static final int STRIPE_BITS = 4;
  private static final int STRIPES = 1 << STRIPE_BITS;

  private static final DocumentCache SHARED =
      new DocumentCache(Math.min(128L << 20, Runtime.getRuntime().maxMemory() / 32));

  private final long capacityBytes;
  private final Stripe[] stripes = new Stripe[STRIPES];
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final LongAdder evictions = new LongAdder();

  /**
   * @param capacityBytes the approximate memory entries may take; 0 caches nothing
   */
  public DocumentCache(long capacityBytes) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("Cache capacity " + capacityBytes + " < 0");
    }
    this.capacityBytes = capacityBytes;
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Stripe(capacityBytes / STRIPES);
    }
  }

  /** The process-wide cache: 1/32 of the heap, at most 128 MiB. */
  public static DocumentCache shared() {
    return SHARED;
  }

  public Stats stats() {
    int entries = 0;
    long bytes = 0;
    for (Stripe stripe : stripes) {
      synchronized (stripe) {
        entries += stripe.entries.size();
        bytes += stripe.bytes;
      }
    }
    return new Stats(hits.sum(), misses.sum(), evictions.sum(), entries, bytes);
  }

  /**
   * What is known of {@code id} in the file: {@code null} if nothing, an empty optional if the file
   * holds no such document, else a fresh copy of the document.
   */
  Optional<BsonDocument> lookup(FileKey file, BsonValue id) {
    Key key = new Key(file, id);
    Stripe stripe = stripe(key);
    byte[] known;
    synchronized (stripe) {
      known = stripe.entries.get(key);
    }
    if (known == null) {
      misses.increment();
      return null;
    }
    hits.increment();
    return known == ABSENT ? Optional.empty() : Optional.of(BsonBytesDecoder.decode(known));
  }

  /** Records what the file holds under {@code id}: {@code document}, or none when it is null. */
  void remember(FileKey file, BsonValue id, BsonDocument document) {
    if (capacityBytes == 0) {
      return;
    }
    byte[] value = document == null ? ABSENT : BsonBytesEncoder.encode(document);
    Key key = new Key(file, id);
    Stripe stripe = stripe(key);
    synchronized (stripe) {
      evictions.add(stripe.put(key, value));
    }
  }

  private Stripe stripe(Key key) {
    // Spreads the key's hash so that the top bits pick the stripe.
    return stripes[(key.hashCode() * 0x9E3779B9) >>> (Integer.SIZE - STRIPE_BITS)];
  }

  private static long weight(byte[] value) {
    return value.length + ENTRY_OVERHEAD;
  }

  /** One share of the cache; its owner synchronizes on it. */
  private static final class Stripe {
    final long capacityBytes;
    final LinkedHashMap<Key, byte[]> entries = new LinkedHashMap<>(64, 0.75f, true);
    long bytes;

    Stripe(long capacityBytes) {
      this.capacityBytes = capacityBytes;
    }

    /** Adds or replaces an entry; returns how many entries it evicted. */
    int put(Key key, byte[] value) {
      byte[] previous = entries.put(key, value);
      bytes += weight(value) - (previous == null ? 0 : weight(previous));
      int evicted = 0;
      Iterator<Map.Entry<Key, byte[]>> eldest = entries.entrySet().iterator();
      while (bytes > capacityBytes && eldest.hasNext()) {
        Map.Entry<Key, byte[]> entry = eldest.next();
        eldest.remove();
        bytes -= weight(entry.getValue());
        evicted++;
      }
      return evicted;
    }
  }
}
