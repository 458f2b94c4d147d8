package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.query.BsonComparisonOrder;
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

  /** No order. */
  public static final SortOrder NONE = new SortOrder(List.of());

  private SortOrder(List<Key> keys) {
    this.keys = List.copyOf(keys);
  }

  /** Parses a sort document; an empty one means "no order". */
  public static SortOrder parse(BsonDocument sort) {
    // Its messages print the values: a deep one must not reach them.
    SpecNesting.check(sort, "sort");
    List<Key> keys = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : sort.entrySet()) {
      BsonValue direction = entry.getValue();
      if (entry.getKey().isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "FieldPath cannot be constructed with empty string");
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
    return new SortOrder(keys);
  }

  public boolean isEmpty() {
    return keys.isEmpty();
  }

  @Override
  public int compare(BsonDocument a, BsonDocument b) {
    for (Key key : keys) {
      int order = BsonComparisonOrder.INSTANCE.compare(sortValue(a, key), sortValue(b, key));
      if (order != 0) {
        return key.ascending() ? order : -order;
      }
    }
    return 0;
  }

  private static BsonValue sortValue(BsonDocument document, Key key) {
    List<BsonValue> candidates = new ArrayList<>();
    for (BsonValue value : FieldPaths.values(document, key.path())) {
      if (value instanceof BsonArray array) {
        if (array.isEmpty()) {
          candidates.add(new BsonMinKey());
        }
        candidates.addAll(array);
      } else {
        candidates.add(value);
      }
    }
    if (candidates.isEmpty()) {
      return BsonNull.VALUE;
    }
    Comparator<BsonValue> order = BsonComparisonOrder.INSTANCE;
    return key.ascending()
        ? candidates.stream().min(order).orElseThrow()
        : candidates.stream().max(order).orElseThrow();
  }
}
