package dev.mongolake.internal.engine;

import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.buffer.LazyBsonDocument;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * A capped collection's natural order: each document's <em>position</em>, the log sequence of the
 * insert that created it, so that positions grow with insertion order and a replay of the log gives
 * every document the position it had. The buffer and the table keep documents by {@code _id}; this
 * is the order a scan of a capped collection returns them in, the oldest an insert removes, and
 * where a tailable cursor stands.
 *
 * <p>Also the BSON bytes and number of the live documents, which the cap bounds.
 *
 * <p>Writers (the collection's write lock, or replay) change it; readers look up positions without
 * locking. A removed document's position stays known until {@link #forgetRemovedUpTo} (after the
 * flush that no reader below needs), so a reader of an older snapshot still finds where its
 * documents stood.
 */
final class InsertionOrder {

  /** A live document: its {@code _id} and BSON size. */
  record Entry(BsonValue id, long bytes) {}

  /** The position given to a document whose position is not known: first, in table order. */
  static final long UNKNOWN = Long.MIN_VALUE;

  private final ConcurrentSkipListMap<Long, Entry> live = new ConcurrentSkipListMap<>();
  private final ConcurrentSkipListMap<BsonValue, Long> positions =
      new ConcurrentSkipListMap<>(BsonComparisonOrder.INSTANCE);
  private final Map<BsonValue, Long> removedAt = new TreeMap<>(BsonComparisonOrder.INSTANCE);
  private volatile long bytes;
  private volatile long documents;
  private final ReentrantLock signalLock = new ReentrantLock();
  private final Condition inserted = signalLock.newCondition();
  private long signals;

  /** The BSON size of a document, from its bytes when it has them. */
  static long bsonSize(BsonDocument document) {
    if (document instanceof LazyBsonDocument lazy) {
      return lazy.byteLength();
    }
    if (document instanceof RawBsonDocument raw) {
      return raw.getByteBuffer().remaining();
    }
    return BsonBytesEncoder.encode(document).length;
  }

  /** A document inserted at {@code position}. Writer-only. */
  void inserted(long position, BsonValue id, long size) {
    Long earlier = positions.get(id);
    if (earlier != null && live.remove(earlier) instanceof Entry old) {
      bytes -= old.bytes();
      documents--;
    }
    live.put(position, new Entry(id, size));
    positions.put(id, position);
    removedAt.remove(id);
    bytes += size;
    documents++;
  }

  /** A new version of a live document (an update changes its size, not its position). */
  void resized(BsonValue id, long size) {
    Long position = positions.get(id);
    Entry old = position == null ? null : live.get(position);
    if (old == null) {
      return;
    }
    live.put(position, new Entry(id, size));
    bytes += size - old.bytes();
  }

  /** Whether the document with this {@code _id} is live. */
  boolean holds(BsonValue id) {
    Long position = positions.get(id);
    return position != null && live.containsKey(position);
  }

  /** A document removed by the change at {@code sequence}. Writer-only. */
  void removed(long sequence, BsonValue id) {
    Long position = positions.get(id);
    if (position != null && live.remove(position) instanceof Entry old) {
      bytes -= old.bytes();
      documents--;
      removedAt.put(id, sequence);
    }
  }

  /**
   * The {@code _id}s of the oldest documents to remove so that the collection fits {@code cap}
   * again, never the one at {@code keep} (the document just inserted). Does not remove them.
   */
  List<BsonValue> excess(CappedOptions cap, long keep) {
    List<BsonValue> oldest = new ArrayList<>();
    long count = documents;
    long size = bytes;
    Iterator<Map.Entry<Long, Entry>> entries = live.entrySet().iterator();
    while (cap.exceededBy(count, size) && entries.hasNext()) {
      Map.Entry<Long, Entry> entry = entries.next();
      if (entry.getKey() == keep) {
        break;
      }
      oldest.add(entry.getValue().id());
      count--;
      size -= entry.getValue().bytes();
    }
    return oldest;
  }

  /** Where the document with this {@code _id} stands (or stood), or {@link #UNKNOWN}. */
  long position(BsonValue id) {
    Long position = positions.get(id);
    return position == null ? UNKNOWN : position;
  }

  /** Whether a live document stands at {@code position}. */
  boolean standsAt(long position) {
    return live.containsKey(position);
  }

  /** The position of the newest live document at or below {@code sequence}, or null. */
  Long lastAtOrBelow(long sequence) {
    return live.floorKey(sequence);
  }

  /** The live documents after {@code after}, up to {@code upTo}, oldest first. */
  NavigableMap<Long, Entry> between(long after, long upTo) {
    return after >= upTo ? new TreeMap<>() : live.subMap(after, false, upTo, true);
  }

  /** BSON bytes of the live documents. */
  long bytes() {
    return bytes;
  }

  /** Number of live documents. */
  long documents() {
    return documents;
  }

  /**
   * Forgets the positions of documents removed at or below {@code sequence}: no reader that could
   * still see them is left. Writer-only.
   */
  void forgetRemovedUpTo(long sequence) {
    removedAt
        .entrySet()
        .removeIf(
            removed -> {
              if (removed.getValue() > sequence) {
                return false;
              }
              positions.remove(removed.getKey());
              return true;
            });
  }

  /** Every known position by {@code _id}, removed documents' included (for the order file). */
  Map<BsonValue, Long> positions() {
    return positions;
  }

  /**
   * Loads the order of the documents a table holds at open: {@code known} positions (the order
   * file's), the others first in table order. Replay then applies the log after the table.
   */
  void load(Map<BsonValue, Long> known, Iterator<BsonDocument> tableDocuments) {
    List<BsonDocument> unplaced = new ArrayList<>();
    while (tableDocuments.hasNext()) {
      BsonDocument document = tableDocuments.next();
      Long position = known.get(document.get("_id"));
      if (position == null) {
        unplaced.add(document);
      } else {
        inserted(position, document.get("_id"), bsonSize(document));
      }
    }
    // Unknown positions stand before every logged insert (sequences start at 1), in table order.
    long position = -unplaced.size();
    for (BsonDocument document : unplaced) {
      inserted(position++, document.get("_id"), bsonSize(document));
    }
  }

  /** Wakes the readers waiting for an insert ({@link #awaitInsert}); once it is durable. */
  void signalInsert() {
    signalLock.lock();
    try {
      signals++;
      inserted.signalAll();
    } finally {
      signalLock.unlock();
    }
  }

  /** The count of inserts signalled so far, to wait for the next one with {@link #awaitInsert}. */
  long insertSignals() {
    signalLock.lock();
    try {
      return signals;
    } finally {
      signalLock.unlock();
    }
  }

  /**
   * Waits until an insert is signalled after {@code seen} ({@link #insertSignals}) or {@code nanos}
   * pass.
   *
   * @return whether one was
   */
  boolean awaitInsert(long seen, long nanos) throws InterruptedException {
    signalLock.lock();
    try {
      long left = nanos;
      while (signals == seen && left > 0) {
        left = inserted.awaitNanos(left);
      }
      return signals != seen;
    } finally {
      signalLock.unlock();
    }
  }

  /** For tests and messages. */
  @Override
  public String toString() {
    return "InsertionOrder[" + documents + " documents, " + bytes + " bytes]";
  }
}
