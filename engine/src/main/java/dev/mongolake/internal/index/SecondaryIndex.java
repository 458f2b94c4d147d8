package dev.mongolake.internal.index;

import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One index's contents in memory: an ordered map from key to the {@code _id}s of the documents
 * holding it.
 *
 * <p>Readers at an older snapshot must still find the versions they see, so a change does not
 * delete a document's old keys: it marks them removed at its log sequence, and {@link
 * #forgetRemovedUpTo} drops them once no reader can need them. A reader at snapshot {@code s} sees
 * postings that are live or were removed after {@code s}; it may also see keys of versions newer
 * than {@code s}, which is why candidates are always re-checked against the full filter.
 *
 * <p>Writers (put, remove) are serialized by the collection's write lock; readers take no lock.
 */
public final class SecondaryIndex {

  /** One document under one key; {@code removedAt} is {@link Long#MAX_VALUE} while live. */
  private static final class Posting {
    final BsonValue id;
    final IndexKey key;
    volatile long removedAt = Long.MAX_VALUE;

    Posting(BsonValue id, IndexKey key) {
      this.id = id;
      this.key = key;
    }
  }

  private final IndexSpec spec;
  private final KeyExtraction extraction;
  private volatile long readyAt;
  private final ConcurrentSkipListMap<IndexKey, Set<Posting>> entries =
      new ConcurrentSkipListMap<>();
  // Writer-only: each document's live postings, to retire them when it changes.
  private final TreeMap<BsonValue, List<Posting>> liveById =
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

  /**
   * The {@code _id} of a live document other than {@code id} holding one of {@code keys}, or {@code
   * null}. Writer-only.
   */
  BsonValue conflict(BsonValue id, Set<IndexKey> keys) {
    for (IndexKey key : keys) {
      Set<Posting> postings = entries.get(key);
      if (postings == null) {
        continue;
      }
      for (Posting posting : postings) {
        if (posting.removedAt == Long.MAX_VALUE
            && BsonComparisonOrder.INSTANCE.compare(posting.id, id) != 0) {
          return posting.id;
        }
      }
    }
    return null;
  }

  /** Indexes a new version of a document, retiring its previous keys at {@code sequence}. */
  void put(long sequence, BsonValue id, Set<IndexKey> keys) {
    List<Posting> previous = liveById.remove(id);
    List<Posting> kept = new ArrayList<>(keys.size());
    if (previous != null) {
      for (Posting posting : previous) {
        if (keys.contains(posting.key)) {
          kept.add(posting);
        } else {
          posting.removedAt = sequence;
        }
      }
    }
    for (IndexKey key : keys) {
      if (kept.stream().noneMatch(p -> p.key.equals(key))) {
        Posting posting = new Posting(id, key);
        entries.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(posting);
        kept.add(posting);
      }
    }
    if (!kept.isEmpty()) {
      liveById.put(id, kept);
    }
  }

  /** Retires a deleted document's keys at {@code sequence}. */
  void remove(long sequence, BsonValue id) {
    List<Posting> previous = liveById.remove(id);
    if (previous != null) {
      previous.forEach(posting -> posting.removedAt = sequence);
    }
  }

  /** Drops postings retired at or before {@code sequence}. Writer-only. */
  void forgetRemovedUpTo(long sequence) {
    Iterator<Map.Entry<IndexKey, Set<Posting>>> keys = entries.entrySet().iterator();
    while (keys.hasNext()) {
      Map.Entry<IndexKey, Set<Posting>> entry = keys.next();
      entry.getValue().removeIf(posting -> posting.removedAt <= sequence);
      if (entry.getValue().isEmpty()) {
        keys.remove();
      }
    }
  }

  /**
   * The {@code _id}s under keys in {@code range} visible at {@code snapshot}, in key order
   * (descending when asked), each once, at its first key.
   */
  public List<BsonValue> ids(
      KeyRange range, boolean descending, long snapshot, Set<BsonValue> seen) {
    NavigableMap<IndexKey, Set<Posting>> slice = range.slice(entries, spec.keys().size());
    if (descending) {
      slice = slice.descendingMap();
    }
    List<BsonValue> ids = new ArrayList<>();
    for (Set<Posting> postings : slice.values()) {
      List<BsonValue> atKey = new ArrayList<>();
      for (Posting posting : postings) {
        if (visibleAt(posting, snapshot) && seen.add(posting.id)) {
          atKey.add(posting.id);
        }
      }
      // Postings of one key come from a hash set: order them by _id for stable results.
      atKey.sort(BsonComparisonOrder.INSTANCE);
      ids.addAll(atKey);
    }
    return ids;
  }

  private static boolean visibleAt(Posting posting, long snapshot) {
    return posting.removedAt == Long.MAX_VALUE || posting.removedAt > snapshot;
  }

  /** Number of distinct keys held (including retired postings not yet forgotten). */
  public int keyCount() {
    return entries.size();
  }
}
