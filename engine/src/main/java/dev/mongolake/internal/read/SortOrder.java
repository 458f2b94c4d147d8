package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.SpecNesting;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * A sort specification ({@code {a: 1, "b.c": -1}}) as a comparator with MongoDB's semantics: a
 * missing field sorts as null, and an array sorts by its smallest element ascending and its largest
 * descending (an empty array below null).
 */
public final class SortOrder implements Comparator<BsonDocument> {

  private record Key(String path, boolean ascending) {}

  private final List<Key> keys;
  private final BsonComparisonOrder values;

  /** No order. */
  public static final SortOrder NONE = new SortOrder(List.of(), BsonComparisonOrder.INSTANCE);

  private SortOrder(List<Key> keys, BsonComparisonOrder values) {
    this.keys = List.copyOf(keys);
    this.values = values;
  }

  /** Parses a sort document; an empty one means "no order". */
  public static SortOrder parse(BsonDocument sort) {
    return parse(sort, BsonComparisonOrder.INSTANCE);
  }

  /**
   * Parses a sort document whose values compare in {@code values} (a collation's order of strings).
   */
  public static SortOrder parse(BsonDocument sort, BsonComparisonOrder values) {
    // Its messages print the values: a deep one must not reach them.
    SpecNesting.check(sort, "sort");
    List<Key> keys = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : sort.entrySet()) {
      BsonValue direction = entry.getValue();
      if (entry.getKey().isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "FieldPath cannot be constructed with empty string");
      }
      // A sort key is a FieldPath: MongoDB refuses empty components there, while a filter
      // matches them literally.
      if (entry.getKey().endsWith(".")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40353, "FieldPath must not end with a '.'.");
      }
      if (entry.getKey().startsWith(".") || entry.getKey().contains("..")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_15998, "FieldPath field names may not be empty strings.");
      }
      if (entry.getKey().startsWith("$")) {
        // {$natural: 1} is a find's storage order (NaturalOrder), not a field: anywhere else a
        // '$' key would sort by a path no document can hold, and so silently not at all.
        throw new MongoLakeException(
            ErrorCode.LOCATION_16410,
            "FieldPath field names may not start with '$'. Consider using $getField or"
                + " $setField. ("
                + entry.getKey()
                + ")");
      }
      if (!direction.isNumber()) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Illegal key in $sort specification: " + entry.getKey() + ": " + direction);
      }
      double value = direction.asNumber().doubleValue();
      if (value != 1 && value != -1) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "$sort key ordering must be 1 (for ascending) or -1 (for descending)");
      }
      keys.add(new Key(entry.getKey(), value == 1));
    }
    return new SortOrder(keys, values);
  }

  /** The order values compare in (the collation's). */
  public BsonComparisonOrder valueOrder() {
    return values;
  }

  /** The sorted paths, in order. */
  public List<String> paths() {
    return keys.stream().map(Key::path).toList();
  }

  public boolean isEmpty() {
    return keys.isEmpty();
  }

  /**
   * The documents of {@code input} in this order, only the first {@code keep} of them when {@code
   * keep > 0} (held in a bounded heap, so memory follows {@code keep}, not the input). Stable:
   * documents that compare equal keep their input order.
   */
  public List<BsonDocument> sort(java.util.Iterator<BsonDocument> input, long keep) {
    return SortedSelection.select(this, input, keep);
  }

  @Override
  public int compare(BsonDocument a, BsonDocument b) {
    for (Key key : keys) {
      int order = values.compare(sortValue(a, key), sortValue(b, key));
      if (order != 0) {
        return key.ascending() ? order : -order;
      }
    }
    return 0;
  }

  /**
   * The values {@code document} sorts by, one per key: computed once per document, so that sorting
   * n documents reads each document's fields once rather than at each of its n log n comparisons.
   */
  public BsonValue[] keysOf(BsonDocument document) {
    BsonValue[] sortKeys = new BsonValue[keys.size()];
    for (int i = 0; i < sortKeys.length; i++) {
      sortKeys[i] = sortValue(document, keys.get(i));
    }
    return sortKeys;
  }

  /**
   * What a document sorts by on key {@code index} when its path holds exactly {@code value} (null:
   * missing) and crosses no array: the value itself, an array's smallest element ascending or
   * largest descending (an empty array below null), null for missing. One entry of {@link #keysOf}.
   */
  public BsonValue keyOf(int index, BsonValue value) {
    if (value == null) {
      return BsonNull.VALUE;
    }
    if (!(value instanceof BsonArray array)) {
      return value;
    }
    Key key = keys.get(index);
    BsonValue best = array.isEmpty() ? new BsonMinKey() : null;
    for (BsonValue element : array) {
      best = better(best, element, key, values);
    }
    return best;
  }

  /** Compares the {@link #keysOf} of two documents as {@link #compare} compares the documents. */
  public int compareKeys(BsonValue[] a, BsonValue[] b) {
    for (int i = 0; i < keys.size(); i++) {
      int order = values.compare(a[i], b[i]);
      if (order != 0) {
        return keys.get(i).ascending() ? order : -order;
      }
    }
    return 0;
  }

  private BsonValue sortValue(BsonDocument document, Key key) {
    BsonValue best = null;
    Comparator<BsonValue> order = values;
    for (BsonValue value : FieldPaths.values(document, key.path())) {
      if (value instanceof BsonArray array) {
        if (array.isEmpty()) {
          best = better(best, new BsonMinKey(), key, order);
        }
        for (BsonValue element : array) {
          best = better(best, element, key, order);
        }
      } else {
        best = better(best, value, key, order);
      }
    }
    return best == null ? BsonNull.VALUE : best;
  }

  /** An array sorts by its smallest element ascending, its largest descending. */
  private static BsonValue better(
      BsonValue best, BsonValue candidate, Key key, Comparator<BsonValue> order) {
    if (best == null) {
      return candidate;
    }
    int comparison = order.compare(candidate, best);
    return (key.ascending() ? comparison < 0 : comparison > 0) ? candidate : best;
  }
}
