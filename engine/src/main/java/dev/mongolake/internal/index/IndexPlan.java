package dev.mongolake.internal.index;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonValue;

/**
 * A read through one index: the key ranges on its leading field to visit, in order, and the
 * direction. The documents found still go through the query's whole filter.
 *
 * @param index the chosen index
 * @param ranges key ranges in visiting order (one per {@code $in} value, or a single range)
 * @param descending whether keys are visited from high to low
 * @param ordersLikeQuery whether the index orders strings by the query's collation, so that its key
 *     order may stand for the query's sort
 */
public record IndexPlan(
    SecondaryIndex index, List<KeyRange> ranges, boolean descending, boolean ordersLikeQuery) {

  public IndexPlan {
    ranges = List.copyOf(ranges);
  }

  /** The {@code _id}s under the plan's keys, visible at {@code readSequence}, each once. */
  public Set<BsonValue> ids(long readSequence) {
    Set<BsonValue> seen = new TreeSet<>(BsonComparisonOrder.INSTANCE);
    Set<BsonValue> ordered = new LinkedHashSet<>();
    for (KeyRange range : ranges) {
      ordered.addAll(index.ids(range, descending, readSequence, seen));
    }
    return ordered;
  }
}
