package dev.mongolake.internal.buffer;

import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * The unflushed changes of one collection: for each {@code _id} (in BSON order) a chain of
 * versions, newest first, each tagged with the log sequence that produced it.
 *
 * <p>Readers see the buffer as of a snapshot sequence and are never blocked: versions are immutable
 * and chains are replaced atomically. Writers must be serialized by the caller (the collection's
 * write lock). Old versions are kept while a snapshot may still need them; {@link #prune} drops the
 * rest.
 */
public final class DocumentBuffer {

  private final ConcurrentSkipListMap<BsonValue, DocumentVersion> chains =
      new ConcurrentSkipListMap<>(BsonComparisonOrder.INSTANCE);
  private final AtomicLong approximateBytes = new AtomicLong();

  /** Records a new version of the document with this {@code _id}. */
  public void put(long sequence, BsonDocument document) {
    BsonValue id = document.get("_id");
    if (id == null) {
      throw new IllegalArgumentException("Cannot buffer a document without _id");
    }
    chains.compute(id, (key, older) -> new DocumentVersion(sequence, document, older));
    approximateBytes.addAndGet(sizeOf(document));
  }

  /** Records the deletion of the document with this {@code _id}. */
  public void delete(long sequence, BsonValue id) {
    chains.compute(id, (key, older) -> new DocumentVersion(sequence, null, older));
    approximateBytes.addAndGet(32);
  }

  /**
   * What the buffer says about {@code id} at {@code snapshot}: empty if it holds nothing visible
   * (the flushed table decides), else the document or a tombstone.
   */
  public Optional<BufferedDocument> get(BsonValue id, long snapshot) {
    DocumentVersion chain = chains.get(id);
    DocumentVersion visible = chain == null ? null : chain.visibleAt(snapshot);
    return Optional.ofNullable(visible)
        .map(v -> new BufferedDocument(id, v.sequence(), v.document()));
  }

  /** The latest version of {@code id} regardless of snapshots (what a writer builds on). */
  public Optional<BufferedDocument> latest(BsonValue id) {
    return get(id, Long.MAX_VALUE);
  }

  /** Every {@code _id}'s visible entry at {@code snapshot}, in BSON order of {@code _id}. */
  public Iterator<BufferedDocument> entries(long snapshot) {
    Iterator<Map.Entry<BsonValue, DocumentVersion>> chainIterator = chains.entrySet().iterator();
    return new Iterator<>() {
      private BufferedDocument next = advance();

      private BufferedDocument advance() {
        while (chainIterator.hasNext()) {
          Map.Entry<BsonValue, DocumentVersion> entry = chainIterator.next();
          DocumentVersion visible = entry.getValue().visibleAt(snapshot);
          if (visible != null) {
            return new BufferedDocument(entry.getKey(), visible.sequence(), visible.document());
          }
        }
        return null;
      }

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public BufferedDocument next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        BufferedDocument current = next;
        next = advance();
        return current;
      }
    };
  }

  /** Drops versions no snapshot at or above {@code oldestSnapshot} can see. Writer-only. */
  public void prune(long oldestSnapshot) {
    for (Map.Entry<BsonValue, DocumentVersion> entry : chains.entrySet()) {
      DocumentVersion chain = entry.getValue();
      DocumentVersion pruned = chain.prunedBelow(oldestSnapshot);
      if (pruned != chain) {
        chains.replace(entry.getKey(), chain, pruned);
      }
    }
  }

  /**
   * Forgets every version at or below {@code flushedSequence}, which the table now holds. A chain
   * whose newest version is flushed disappears; readers at older snapshots must read the table
   * version they started with. Writer-only.
   */
  public void release(long flushedSequence) {
    chains.entrySet().removeIf(e -> e.getValue().sequence() <= flushedSequence);
    approximateBytes.set(chains.values().stream().mapToLong(DocumentBuffer::chainSize).sum());
  }

  /** Number of {@code _id}s with buffered versions. */
  public int size() {
    return chains.size();
  }

  /** Rough memory held, for flush thresholds. */
  public long approximateBytes() {
    return approximateBytes.get();
  }

  private static long chainSize(DocumentVersion version) {
    long total = 0;
    for (DocumentVersion v = version; v != null; v = v.older()) {
      total += v.document() == null ? 32 : sizeOf(v.document());
    }
    return total;
  }

  private static long sizeOf(BsonDocument document) {
    return document instanceof RawBsonDocument raw
        ? raw.getByteBuffer().remaining()
        : 64L + document.size() * 48L;
  }
}
