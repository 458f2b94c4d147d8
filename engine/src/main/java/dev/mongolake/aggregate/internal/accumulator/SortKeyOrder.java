package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Comparator;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The order of a {@code sortBy} over the values its paths evaluated to, with {@code $sort}'s rules:
 * missing sorts as null, an array by its smallest element ascending and its largest descending, an
 * empty array below null.
 *
 * @param ascending one direction per sort path
 * @param values the order of values (the command's collation)
 */
record SortKeyOrder(List<Boolean> ascending, BsonComparisonOrder values)
    implements Comparator<List<BsonValue>> {

  SortKeyOrder {
    ascending = List.copyOf(ascending);
  }

  /** The key of one document: each path's value reduced to what the sort compares. */
  List<BsonValue> key(List<BsonValue> pathValues) {
    BsonValue[] out = new BsonValue[pathValues.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = sortValue(pathValues.get(i), ascending.get(i));
    }
    return List.of(out);
  }

  private BsonValue sortValue(BsonValue value, boolean ascending) {
    if (value == null) {
      return BsonNull.VALUE;
    }
    if (value instanceof BsonArray array) {
      if (array.isEmpty()) {
        return new BsonMinKey();
      }
      Comparator<BsonValue> order = values;
      return ascending
          ? array.stream().min(order).orElseThrow()
          : array.stream().max(order).orElseThrow();
    }
    return value;
  }

  @Override
  public int compare(List<BsonValue> a, List<BsonValue> b) {
    for (int i = 0; i < ascending.size(); i++) {
      int order = values.compare(a.get(i), b.get(i));
      if (order != 0) {
        return ascending.get(i) ? order : -order;
      }
    }
    return 0;
  }
}
