package dev.mongolake.internal.index;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.List;
import org.bson.BsonValue;

/**
 * One index key: the values of the indexed fields of a document, in key pattern order. Ordered
 * field by field in BSON comparison order (ascending; descending indexes are read backwards), a
 * shorter key sorting before the longer keys it prefixes.
 */
public record IndexKey(List<BsonValue> values) implements Comparable<IndexKey> {

  public IndexKey {
    values = List.copyOf(values);
  }

  public static IndexKey of(BsonValue... values) {
    return new IndexKey(List.of(values));
  }

  @Override
  public int compareTo(IndexKey other) {
    int shared = Math.min(values.size(), other.values.size());
    for (int i = 0; i < shared; i++) {
      int c = BsonComparisonOrder.INSTANCE.compare(values.get(i), other.values.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(values.size(), other.values.size());
  }
}
