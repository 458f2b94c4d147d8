package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $min}/{@code $max} in BSON order (strings by the command's collation), ignoring null,
 * undefined and missing; null when nothing else came. A group keeps only the best value; a
 * removable one (a window's) keeps a counted multiset of the distinct values so that it can take
 * values back.
 */
final class Extreme implements Accumulator {
  private final boolean min;
  private final boolean removable;
  private final BsonComparisonOrder order;
  private final TreeMap<BsonValue, Long> values;

  /** The extreme in {@code order} (the command's collation). */
  Extreme(boolean min, boolean removable, BsonComparisonOrder order) {
    this.min = min;
    this.removable = removable;
    this.order = order;
    this.values = new TreeMap<>(order);
  }

  @Override
  public void accumulate(BsonValue value) {
    if (ExpressionValues.isNullish(value)) {
      return;
    }
    if (!removable && !values.isEmpty()) {
      BsonValue best = values.firstKey();
      int byOrder = order.compare(value, best);
      if (min ? byOrder >= 0 : byOrder <= 0) {
        return;
      }
      values.clear();
    }
    values.merge(value, 1L, Long::sum);
  }

  @Override
  public boolean removable() {
    return removable;
  }

  @Override
  public void remove(BsonValue value) {
    if (!removable) {
      Accumulator.super.remove(value);
    }
    if (!ExpressionValues.isNullish(value)) {
      values.computeIfPresent(value, (k, n) -> n == 1 ? null : n - 1);
    }
  }

  @Override
  public BsonValue result() {
    if (values.isEmpty()) {
      return BsonNull.VALUE;
    }
    return min ? values.firstKey() : values.lastKey();
  }

  @Override
  public void merge(Accumulator other) {
    for (Map.Entry<BsonValue, Long> entry : ((Extreme) other).values.entrySet()) {
      if (removable) {
        values.merge(entry.getKey(), entry.getValue(), Long::sum);
      } else {
        accumulate(entry.getKey());
      }
    }
  }
}
