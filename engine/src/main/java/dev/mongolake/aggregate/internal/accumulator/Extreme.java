package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $min}/{@code $max} in BSON order, ignoring null, undefined and missing; null when nothing
 * else came. Keeps a counted multiset of the distinct values so that a window can take values back.
 */
final class Extreme implements Accumulator {
  private final boolean min;
  private final TreeMap<BsonValue, Long> values = new TreeMap<>(BsonComparisonOrder.INSTANCE);

  Extreme(boolean min) {
    this.min = min;
  }

  @Override
  public void accumulate(BsonValue value) {
    if (!ExpressionValues.isNullish(value)) {
      values.merge(value, 1L, Long::sum);
    }
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
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
      values.merge(entry.getKey(), entry.getValue(), Long::sum);
    }
  }
}
