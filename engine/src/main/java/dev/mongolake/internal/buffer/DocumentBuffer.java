package dev.mongolake.internal.buffer;

import dev.mongolake.delta.order.BsonComparisonOrder;
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
 * <p>Readers see the buffer between a floor (the log sequence the table they read already holds)
 * and a read sequence, and are never blocked: versions are immutable and chains are replaced
 * atomically. Writers must be serialized by the caller (the collection's write lock); {@link
 * #releaseUpTo} must not run while a reader with a lower floor is active.
 */
public final class DocumentBuffer {

  private final ConcurrentSkipListMap<BsonValue, DocumentVersion> chains =
      new ConcurrentSkipListMap<>(BsonComparisonOrder.INSTANCE);
  private final AtomicLong approximateBytes = new AtomicLong();
  // A transaction's buffer: its own versions over another buffer read at the snapshot's sequence.
  private final DocumentBuffer base;
  private final long baseSequence;

  /** An empty buffer of a collection's unflushed changes. */
  public DocumentBuffer() {
    this(null, 0);
  }

  private DocumentBuffer(DocumentBuffer base, long baseSequence) {
    this.base = base;
    this.baseSequence = baseSequence;
  }

  /**
   * A buffer whose own versions (a transaction's writes) lie over {@code base} as it was at {@code
   * snapshotSequence}: reads see the own version of an {@code _id} if there is one, else the base's
   * at or below the snapshot, whatever read sequence they ask for; base versions written after the
   * snapshot stay invisible. Own versions must be put with sequences above every floor readers use.
   */
  public static DocumentBuffer layeredOver(DocumentBuffer base, long snapshotSequence) {
    return new DocumentBuffer(base, snapshotSequence);
  }

  /** Whether this buffer holds versions of its own (for a layered one: the transaction wrote). */
  public boolean hasOwnVersions() {
    return !chains.isEmpty();
  }

  /**
   * Records a new version of the document with this {@code _id}.
   *
   * @param created whether this creates the document (no earlier version exists anywhere)
   */
  public void put(long sequence, BsonDocument document, boolean created) {
    BsonValue id = document.get("_id");
    if (id == null) {
      throw new IllegalArgumentException("Cannot buffer a document without _id");
    }
    chains.compute(id, (key, older) -> new DocumentVersion(sequence, document, created, older));
    approximateBytes.addAndGet(sizeOf(document));
  }

  /** Records the deletion of the document with this {@code _id}. */
  public void delete(long sequence, BsonValue id) {
    chains.compute(id, (key, older) -> new DocumentVersion(sequence, null, false, older));
    approximateBytes.addAndGet(32);
  }

  /**
   * What the buffer says about {@code id} between {@code floor} (exclusive) and {@code
   * readSequence}: empty if it holds no such version (the table at {@code floor} decides).
   */
  public Optional<BufferedDocument> get(BsonValue id, long floor, long readSequence) {
    DocumentVersion chain = chains.get(id);
    if (base == null) {
      return Optional.ofNullable(chain == null ? null : entry(id, chain, floor, readSequence));
    }
    Optional<BufferedDocument> below = base.get(id, floor, Math.min(readSequence, baseSequence));
    if (chain == null) {
      return below;
    }
    return Optional.ofNullable(ownEntry(id, chain, floor, below));
  }

  /**
   * An own version of a layered buffer: whether the table holds the document is the base's answer
   * when the base has a version, else whether the own chain began by creating it.
   */
  private static BufferedDocument ownEntry(
      BsonValue id, DocumentVersion chain, long floor, Optional<BufferedDocument> below) {
    BufferedDocument own = entry(id, chain, floor, Long.MAX_VALUE);
    if (own == null || below.isEmpty()) {
      return own;
    }
    return new BufferedDocument(id, own.sequence(), own.document(), below.get().inTable());
  }

  /**
   * Every {@code _id}'s entry between {@code floor} and {@code readSequence}, in BSON order of
   * {@code _id}.
   */
  public Iterator<BufferedDocument> entries(long floor, long readSequence) {
    if (base != null) {
      return layeredEntries(floor, readSequence);
    }
    Iterator<Map.Entry<BsonValue, DocumentVersion>> chainIterator = chains.entrySet().iterator();
    return new Iterator<>() {
      private BufferedDocument next = advance();

      private BufferedDocument advance() {
        while (chainIterator.hasNext()) {
          Map.Entry<BsonValue, DocumentVersion> chain = chainIterator.next();
          BufferedDocument entry = entry(chain.getKey(), chain.getValue(), floor, readSequence);
          if (entry != null) {
            return entry;
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

  /** The base's entries at the snapshot merged with the own ones, an own one winning its id. */
  private Iterator<BufferedDocument> layeredEntries(long floor, long readSequence) {
    Iterator<BufferedDocument> below = base.entries(floor, Math.min(readSequence, baseSequence));
    Iterator<Map.Entry<BsonValue, DocumentVersion>> own = chains.entrySet().iterator();
    return new Iterator<>() {
      private BufferedDocument nextBelow = below.hasNext() ? below.next() : null;
      private Map.Entry<BsonValue, DocumentVersion> nextOwn = own.hasNext() ? own.next() : null;
      private BufferedDocument next = advance();

      private BufferedDocument advance() {
        while (nextBelow != null || nextOwn != null) {
          int order =
              nextBelow == null
                  ? 1
                  : nextOwn == null
                      ? -1
                      : BsonComparisonOrder.INSTANCE.compare(nextBelow.id(), nextOwn.getKey());
          if (order < 0) {
            BufferedDocument current = nextBelow;
            nextBelow = below.hasNext() ? below.next() : null;
            return current;
          }
          Optional<BufferedDocument> under = Optional.empty();
          if (order == 0) {
            under = Optional.of(nextBelow);
            nextBelow = below.hasNext() ? below.next() : null;
          }
          Map.Entry<BsonValue, DocumentVersion> current = nextOwn;
          nextOwn = own.hasNext() ? own.next() : null;
          BufferedDocument entry = ownEntry(current.getKey(), current.getValue(), floor, under);
          if (entry != null) {
            return entry;
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

  private static BufferedDocument entry(
      BsonValue id, DocumentVersion chain, long floor, long readSequence) {
    DocumentVersion visible = chain.visibleAt(readSequence);
    if (visible == null || visible.sequence() <= floor) {
      return null;
    }
    boolean inTable = !visible.oldestAbove(floor).created();
    return new BufferedDocument(id, visible.sequence(), visible.document(), inTable);
  }

  /** Forgets every version at or below {@code floor}, which the table now holds. Writer-only. */
  public void releaseUpTo(long floor) {
    for (Map.Entry<BsonValue, DocumentVersion> chain : chains.entrySet()) {
      DocumentVersion kept = chain.getValue().above(floor);
      if (kept == null) {
        chains.remove(chain.getKey(), chain.getValue());
      } else if (kept != chain.getValue()) {
        chains.replace(chain.getKey(), chain.getValue(), kept);
      }
    }
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
    if (document instanceof LazyBsonDocument lazy && !lazy.isDecoded()) {
      return lazy.byteLength();
    }
    return document instanceof RawBsonDocument raw
        ? raw.getByteBuffer().remaining()
        : 64L + document.size() * 48L;
  }
}
