package dev.mongolake.internal.index;

import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.bson.BsonDocument;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * One index's contents in memory: an ordered map of (key, {@code _id}) entries.
 *
 * <p>Readers at an older snapshot must still find the versions they see, so a change does not
 * delete a document's old entries: it marks them removed at its log sequence, and {@link
 * #forgetRemovedUpTo} drops them once no reader can need them. A reader at snapshot {@code s} sees
 * entries that are live or were removed after {@code s}; it may also see keys of versions newer
 * than {@code s}, which is why candidates are always re-checked against the full filter.
 *
 * <p>Writers (put, remove, forget) are serialized by the collection's write lock; readers take no
 * lock.
 */
public final class SecondaryIndex {

  /** One document under one key. */
  private record Entry(IndexKey key, BsonValue id) {}

  private static final Comparator<Entry> ORDER =
      (a, b) -> {
        int c = a.key.compareTo(b.key);
        return c != 0 ? c : BsonComparisonOrder.INSTANCE.compare(a.id, b.id);
      };

  /** The removal sequence of an entry that is live. */
  private static final long LIVE = Long.MAX_VALUE;

  private final IndexSpec spec;
  private final KeyExtraction extraction;
  private volatile long readyAt;
  // Entry -> the log sequence that removed it, or LIVE.
  private final ConcurrentSkipListMap<Entry, Long> entries = new ConcurrentSkipListMap<>(ORDER);
  // Writer-only: each document's live keys, to retire them when it changes.
  private final TreeMap<BsonValue, Set<IndexKey>> liveById =
      new TreeMap<>(BsonComparisonOrder.INSTANCE);

  /**
   * @param readyAt the log sequence from which the index covers every version: readers at older
   *     snapshots must not use it
   */
  SecondaryIndex(IndexSpec spec, long readyAt) {
    this.spec = spec;
    this.extraction = new KeyExtraction(spec);
    this.readyAt = readyAt;
  }

  public IndexSpec spec() {
    return spec;
  }

  /** Whether a reader at {@code snapshot} may use this index. */
  public boolean usableAt(long snapshot) {
    return snapshot >= readyAt;
  }

  /** Opens the index to readers at {@code sequence} and later (the log record creating it). */
  void readyAt(long sequence) {
    readyAt = sequence;
  }

  /** The keys {@code document} would have here (validating it: parallel arrays fail). */
  Set<IndexKey> keys(BsonDocument document) {
    return extraction.keys(document);
  }

  /** Whether a live document other than {@code id} holds {@code key}. Writer-only. */
  boolean taken(IndexKey key, BsonValue id) {
    for (Map.Entry<Entry, Long> entry :
        entries
            .subMap(new Entry(key, new BsonMinKey()), true, new Entry(key, new BsonMaxKey()), true)
            .entrySet()) {
      if (entry.getValue() == LIVE
          && BsonComparisonOrder.INSTANCE.compare(entry.getKey().id, id) != 0) {
        return true;
      }
    }
    return false;
  }

  /** Indexes a new version of a document, retiring its other previous keys at {@code sequence}. */
  void put(long sequence, BsonValue id, Set<IndexKey> keys) {
    Set<IndexKey> previous = liveById.remove(id);
    if (previous != null) {
      for (IndexKey key : previous) {
        if (!keys.contains(key)) {
          entries.put(new Entry(key, id), sequence);
        }
      }
    }
    for (IndexKey key : keys) {
      // A key the document had before, was retired and holds again is simply live again: readers
      // that saw it retired see a false candidate at worst.
      entries.put(new Entry(key, id), LIVE);
    }
    if (!keys.isEmpty()) {
      liveById.put(id, keys);
    }
  }

  /**
   * Loads many documents' keys at once into an index nobody reads yet: sorted first, so that the
   * skip list is filled front to back instead of at random places (several times faster on large
   * collections), and so that repeated keys sit next to each other.
   *
   * @return for a unique index, a key two documents share (nothing is loaded then); else null
   */
  IndexKey load(List<Map.Entry<BsonValue, Set<IndexKey>>> documents) {
    List<Entry> sorted = new ArrayList<>();
    for (Map.Entry<BsonValue, Set<IndexKey>> document : documents) {
      document.getValue().forEach(key -> sorted.add(new Entry(key, document.getKey())));
    }
    sorted.sort(ORDER);
    if (spec.unique()) {
      for (int i = 1; i < sorted.size(); i++) {
        Entry previous = sorted.get(i - 1);
        Entry current = sorted.get(i);
        if (previous.key.compareTo(current.key) == 0
            && BsonComparisonOrder.INSTANCE.compare(previous.id, current.id) != 0) {
          return current.key;
        }
      }
    }
    for (Map.Entry<BsonValue, Set<IndexKey>> document : documents) {
      if (!document.getValue().isEmpty()) {
        liveById.put(document.getKey(), document.getValue());
      }
    }
    sorted.forEach(entry -> entries.put(entry, LIVE));
    return null;
  }

  /** Retires a deleted document's keys at {@code sequence}. */
  void remove(long sequence, BsonValue id) {
    Set<IndexKey> previous = liveById.remove(id);
    if (previous != null) {
      previous.forEach(key -> entries.put(new Entry(key, id), sequence));
    }
  }

  /** Drops entries retired at or before {@code sequence}. Writer-only. */
  void forgetRemovedUpTo(long sequence) {
    entries.values().removeIf(removedAt -> removedAt != LIVE && removedAt <= sequence);
  }

  /**
   * The {@code _id}s under keys in {@code range} visible at {@code snapshot}, in key order
   * (descending when asked), each once (at its first key), skipping those in {@code seen}.
   */
  public List<BsonValue> ids(
      KeyRange range, boolean descending, long snapshot, Set<BsonValue> seen) {
    int width = spec.keys().size();
    NavigableMap<Entry, Long> slice = entries;
    if (range.low() != null) {
      BsonValue edge = range.lowInclusive() ? new BsonMinKey() : new BsonMaxKey();
      slice = slice.tailMap(new Entry(range.lowProbe(width), edge), true);
    }
    if (range.high() != null) {
      BsonValue edge = range.highInclusive() ? new BsonMaxKey() : new BsonMinKey();
      slice = slice.headMap(new Entry(range.highProbe(width), edge), true);
    }
    if (descending) {
      slice = slice.descendingMap();
    }
    List<BsonValue> ids = new ArrayList<>();
    for (Map.Entry<Entry, Long> entry : slice.entrySet()) {
      if (entry.getValue() > snapshot || entry.getValue() == LIVE) {
        if (seen.add(entry.getKey().id)) {
          ids.add(entry.getKey().id);
        }
      }
    }
    return ids;
  }

  /** Number of entries held (including retired ones not yet forgotten). */
  public int entryCount() {
    return entries.size();
  }
}
