package dev.mongolake.internal.index;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonValue;

/**
 * A range of index keys constrained on the leading field: from {@code low} to {@code high}, each
 * bound inclusive or not, {@code null} for unbounded. Bounds on the leading field cover every key
 * that starts with it, whatever the later fields hold.
 */
public record KeyRange(BsonValue low, boolean lowInclusive, BsonValue high, boolean highInclusive) {

  /** Every key. */
  public static final KeyRange ALL = new KeyRange(null, true, null, true);

  /** Keys whose leading field equals {@code value}. */
  public static KeyRange point(BsonValue value) {
    return new KeyRange(value, true, value, true);
  }

  /** The part of {@code map} (keys of {@code width} fields) in this range. */
  <V> NavigableMap<IndexKey, V> slice(NavigableMap<IndexKey, V> map, int width) {
    NavigableMap<IndexKey, V> slice = map;
    // MinKey/MaxKey in the later fields put the probe before or after every key sharing the
    // leading value, so that the leading bound alone decides.
    if (low != null) {
      slice =
          slice.tailMap(
              probe(low, lowInclusive ? new BsonMinKey() : new BsonMaxKey(), width), lowInclusive);
    }
    if (high != null) {
      slice =
          slice.headMap(
              probe(high, highInclusive ? new BsonMaxKey() : new BsonMinKey(), width),
              highInclusive);
    }
    return slice;
  }

  private static IndexKey probe(BsonValue leading, BsonValue padding, int width) {
    List<BsonValue> values = new ArrayList<>(width);
    values.add(leading);
    for (int i = 1; i < width; i++) {
      values.add(padding);
    }
    return new IndexKey(values);
  }
}
