package dev.mongolake.delta.table;

import dev.mongolake.delta.storage.Storage;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;

/**
 * Point reads by {@code _id} answered from memory: for a data file and an {@code _id}, the document
 * the file holds under it, or the fact that it holds none. Data files are immutable, so an entry
 * never goes stale; a snapshot that no longer lists the file simply stops asking for it.
 *
 * <p>Documents are kept as BSON bytes (callers get their own mutable copy) and bounded by an
 * approximate byte budget, least recently used first out. Thread-safe.
 */
public final class DocumentCache {

  /** Hits (documents and known absences), misses, evictions and what the cache holds. */
  public record Stats(long hits, long misses, long evictions, int entries, long bytes) {}

  private record Key(Storage storage, String path, long size, BsonValue id) {}

  /** The lookup's answer when the file holds no document under the id. */
  private static final byte[] ABSENT = new byte[0];

  /** Map entry, key and reference overhead per entry, on top of the document's bytes. */
  private static final int ENTRY_OVERHEAD = 160;

  private static final DocumentCache SHARED =
      new DocumentCache(Math.min(128L << 20, Runtime.getRuntime().maxMemory() / 32));

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  private final long capacityBytes;
  private final LinkedHashMap<Key, byte[]> entries = new LinkedHashMap<>(256, 0.75f, true);
  private long bytes;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();
  private final AtomicLong evictions = new AtomicLong();

  /**
   * @param capacityBytes the approximate memory entries may take; 0 caches nothing
   */
  public DocumentCache(long capacityBytes) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("Cache capacity " + capacityBytes + " < 0");
    }
    this.capacityBytes = capacityBytes;
  }

  /** The process-wide cache: 1/32 of the heap, at most 128 MiB. */
  public static DocumentCache shared() {
    return SHARED;
  }

  public Stats stats() {
    synchronized (entries) {
      return new Stats(hits.get(), misses.get(), evictions.get(), entries.size(), bytes);
    }
  }

  /**
   * What is known of {@code id} in the file: {@code null} if nothing, an empty optional if the file
   * holds no such document, else a fresh copy of the document.
   */
  Optional<BsonDocument> lookup(Storage storage, String path, long size, BsonValue id) {
    byte[] known;
    synchronized (entries) {
      known = entries.get(new Key(storage, path, size, id));
    }
    if (known == null) {
      misses.incrementAndGet();
      return null;
    }
    hits.incrementAndGet();
    return known == ABSENT ? Optional.empty() : Optional.of(decode(known));
  }

  /** Records what the file holds under {@code id}: {@code document}, or none when it is null. */
  void remember(Storage storage, String path, long size, BsonValue id, BsonDocument document) {
    if (capacityBytes == 0) {
      return;
    }
    byte[] value = document == null ? ABSENT : encode(document);
    Key key = new Key(storage, path, size, id);
    synchronized (entries) {
      byte[] previous = entries.put(key, value);
      bytes += weight(value) - (previous == null ? 0 : weight(previous));
      Iterator<Map.Entry<Key, byte[]>> eldest = entries.entrySet().iterator();
      while (bytes > capacityBytes && eldest.hasNext()) {
        Map.Entry<Key, byte[]> evicted = eldest.next();
        eldest.remove();
        bytes -= weight(evicted.getValue());
        evictions.incrementAndGet();
      }
    }
  }

  private static long weight(byte[] value) {
    return value.length + ENTRY_OVERHEAD;
  }

  private static byte[] encode(BsonDocument document) {
    RawBsonDocument raw =
        document instanceof RawBsonDocument already
            ? already
            : new RawBsonDocument(document, CODEC);
    ByteBuffer buffer = raw.getByteBuffer().asNIO();
    byte[] copy = new byte[buffer.remaining()];
    buffer.get(copy);
    return copy;
  }

  private static BsonDocument decode(byte[] bson) {
    try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(bson))) {
      return CODEC.decode(reader, DecoderContext.builder().build());
    }
  }
}
