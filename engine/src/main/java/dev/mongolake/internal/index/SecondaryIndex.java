package dev.mongolake.internal.index;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * One index's contents in memory: an ordered map of (key, {@code _id}) entries.
 *
 * <p>Readers at an older read sequence must still find the versions they see, so a change does not
 * delete a document's old entries: it marks them removed at its log sequence, and {@link
 * #forgetRemovedUpTo} drops them once no reader can need them. A reader at read sequence {@code s}
 * sees entries that are live or were removed after {@code s}; it may also see keys of versions
 * newer than {@code s}, which is why candidates are always re-checked against the full filter.
 *
 * <p>Writers (put, remove, forget) are serialized by the collection's write lock; readers take no
 * lock.
 */
public final class SecondaryIndex {

  /** One document under one key. */
  record Entry(IndexKey key, BsonValue id) {}

  /**
   * When an entry was live: from {@code addedAt} (a log sequence, 0 for entries loaded from the
   * table) until {@code removedAt} ({@link #LIVE} while it is), then the earlier spans, newest
   * first, of a key that a document held, lost and holds again. The earlier spans let a flush write
   * exactly the entries of the table version it committed.
   */
  private record Span(long addedAt, long removedAt, Span earlier) {

    boolean liveAt(long sequence) {
      for (Span span = this; span != null; span = span.earlier) {
        if (span.addedAt <= sequence && (span.removedAt == LIVE || span.removedAt > sequence)) {
          return true;
        }
      }
      return false;
    }

    /** This chain without the spans that ended at or before {@code sequence}, or null. */
    Span withoutEndedUpTo(long sequence) {
      Span older = earlier == null ? null : earlier.withoutEndedUpTo(sequence);
      if (removedAt != LIVE && removedAt <= sequence) {
        return older;
      }
      return older == earlier ? this : new Span(addedAt, removedAt, older);
    }
  }

  private static final Span LOADED = new Span(0, Long.MAX_VALUE, null);

  private static final Comparator<Entry> ORDER =
      (a, b) -> {
        int c = a.key.compareTo(b.key);
        return c != 0 ? c : BsonComparisonOrder.INSTANCE.compare(a.id, b.id);
      };

  /** The removal sequence of an entry that is live. */
  private static final long LIVE = Long.MAX_VALUE;

  private volatile IndexSpec spec;
  private final KeyExtraction extraction;
  private volatile long readyAt;
  // Once any indexed document had an array on an indexed path; never reset (as MongoDB's flag).
  private volatile boolean multikey;
  // Counting starts when the index is built or loaded (index creation or engine open).
  private final IndexUsage usage = new IndexUsage(Instant.now());
  // Entry -> when it was live; the head span's removedAt is LIVE while it is.
  // Replaced only by loadSorted, before the index is installed (published).
  private ConcurrentSkipListMap<Entry, Span> entries = new ConcurrentSkipListMap<>(ORDER);
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

  /** How often the planner chose this index (for {@code $indexStats}). */
  public IndexUsage usage() {
    return usage;
  }

  /**
   * Takes a new definition that keeps the same entries (another TTL or visibility): nothing is
   * rebuilt. Caller holds the collection's write lock.
   */
  void redefine(IndexSpec changed) {
    if (!changed.sameEntries(spec)) {
      throw new IllegalArgumentException(
          "Cannot redefine index " + spec.toDocument() + " as " + changed.toDocument());
    }
    spec = changed;
  }

  /** Whether a reader at {@code readSequence} may use this index. */
  public boolean usableAt(long readSequence) {
    return readSequence >= readyAt;
  }

  /** The log sequence from which readers may use the index. */
  public long readyAt() {
    return readyAt;
  }

  /** Opens the index to readers at {@code sequence} and later (the log record creating it). */
  void readyAt(long sequence) {
    readyAt = sequence;
  }

  /**
   * The keys {@code document} would have here (validating it: parallel arrays fail). A document
   * with an array on an indexed path makes the index {@link #multikey()}, even if it is then not
   * written: the flag may only err towards true.
   */
  public Set<IndexKey> keys(BsonDocument document) {
    boolean[] crossesArray = new boolean[1];
    Set<IndexKey> keys = extraction.keys(document, crossesArray);
    if (crossesArray[0]) {
      multikey = true;
    }
    return keys;
  }

  /**
   * Whether some document the index saw had an array on an indexed path, so that a document may
   * stand under several keys or under its elements' keys rather than its value's. False promises
   * that each document's key is its value at the indexed paths: what a comparison across types
   * ({@code $expr}) needs to use the index's order.
   */
  public boolean multikey() {
    return multikey;
  }

  /** Marks the index multikey (an index file says so, or does not say). */
  void markMultikey() {
    multikey = true;
  }

  /** Whether a live document other than {@code id} holds {@code key}. Writer-only. */
  boolean taken(IndexKey key, BsonValue id) {
    return taken(key, id, other -> false);
  }

  /**
   * Whether a live entry holds {@code key} for an {@code _id} other than {@code id} that {@code
   * ignored} does not accept (a transaction's own documents, whose new versions it checks itself).
   */
  boolean taken(IndexKey key, BsonValue id, java.util.function.Predicate<BsonValue> ignored) {
    for (Map.Entry<Entry, Span> entry :
        entries
            .subMap(new Entry(key, new BsonMinKey()), true, new Entry(key, new BsonMaxKey()), true)
            .entrySet()) {
      if (entry.getValue().removedAt() == LIVE
          && BsonComparisonOrder.INSTANCE.compare(entry.getKey().id, id) != 0
          && !ignored.test(entry.getKey().id)) {
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
          retire(new Entry(key, id), sequence);
        }
      }
    }
    for (IndexKey key : keys) {
      // A key the document had before, was retired and holds again is simply live again: readers
      // that saw it retired see a false candidate at worst.
      Entry entry = new Entry(key, id);
      Span current = entries.get(entry);
      if (current == null) {
        entries.put(entry, new Span(sequence, LIVE, null));
      } else if (current.removedAt() != LIVE) {
        entries.put(entry, new Span(sequence, LIVE, current));
      }
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
    sorted.forEach(entry -> entries.put(entry, LOADED));
    return null;
  }

  /**
   * Loads entries already in index order (from an index file) into an index nobody reads yet, as
   * live since before the log. Both maps are built front to back from sorted input, in linear time,
   * instead of by one search per entry.
   */
  void loadSorted(List<Entry> sorted) {
    entries =
        new ConcurrentSkipListMap<>(
            new SortedInput<>(ORDER, sorted, entry -> entry, entry -> LOADED));
    List<Entry> byId = new ArrayList<>(sorted);
    byId.sort((a, b) -> BsonComparisonOrder.INSTANCE.compare(a.id, b.id));
    List<Map.Entry<BsonValue, Set<IndexKey>>> keysById = new ArrayList<>();
    for (int from = 0; from < byId.size(); ) {
      BsonValue id = byId.get(from).id;
      int to = from + 1;
      while (to < byId.size() && BsonComparisonOrder.INSTANCE.compare(byId.get(to).id, id) == 0) {
        to++;
      }
      Set<IndexKey> keys =
          to == from + 1
              ? Set.of(byId.get(from).key)
              : Set.copyOf(byId.subList(from, to).stream().map(Entry::key).toList());
      keysById.add(Map.entry(id, keys));
      from = to;
    }
    liveById.clear();
    liveById.putAll(
        new SortedInput<>(
            BsonComparisonOrder.INSTANCE, keysById, Map.Entry::getKey, Map.Entry::getValue));
  }

  /**
   * Calls {@code consumer} with the entries live at log sequence {@code sequence}, in index order.
   * Safe while writers run, for a {@code sequence} no later than every change being made: a change
   * after it neither hides nor adds an entry live at it.
   */
  void forEachLiveAt(long sequence, Consumer<Entry> consumer) {
    for (Map.Entry<Entry, Span> entry : entries.entrySet()) {
      if (entry.getValue().liveAt(sequence)) {
        consumer.accept(entry.getKey());
      }
    }
  }

  /** Retires a deleted document's keys at {@code sequence}. */
  void remove(long sequence, BsonValue id) {
    Set<IndexKey> previous = liveById.remove(id);
    if (previous != null) {
      previous.forEach(key -> retire(new Entry(key, id), sequence));
    }
  }

  private void retire(Entry entry, long sequence) {
    Span current = entries.get(entry);
    if (current == null) {
      entries.put(entry, new Span(0, sequence, null));
    } else if (current.removedAt() == LIVE) {
      entries.put(entry, new Span(current.addedAt(), sequence, current.earlier()));
    }
  }

  /** Drops entries retired at or before {@code sequence}. Writer-only. */
  void forgetRemovedUpTo(long sequence) {
    for (Map.Entry<Entry, Span> entry : entries.entrySet()) {
      Span span = entry.getValue();
      if (span.removedAt() == LIVE && span.earlier() == null) {
        continue;
      }
      Span kept = span.withoutEndedUpTo(sequence);
      if (kept == null) {
        entries.remove(entry.getKey(), span);
      } else if (kept != span) {
        entries.replace(entry.getKey(), span, kept);
      }
    }
  }

  /**
   * The {@code _id}s under keys in {@code range} visible at {@code readSequence}, in key order
   * (descending when asked), each once (at its first key), skipping those in {@code seen}.
   */
  public List<BsonValue> ids(
      KeyRange range, boolean descending, long readSequence, Set<BsonValue> seen) {
    int width = spec.keys().size();
    NavigableMap<Entry, Span> slice = entries;
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
    for (Map.Entry<Entry, Span> entry : slice.entrySet()) {
      long removedAt = entry.getValue().removedAt();
      if (removedAt == LIVE || removedAt > readSequence) {
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
