package dev.mongolake.aggregate.internal.accumulator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $addToSet}: the distinct non-missing values under MongoDB's equality ({@link GroupKey}: 1
 * and 1.0 are one value, the first seen kept), in order of first appearance (MongoDB leaves the
 * order unspecified). A counted multiset, so that a window can take values back.
 */
final class AddToSet implements Accumulator {
  private final Map<GroupKey, Long> values = new LinkedHashMap<>();

  @Override
  public void accumulate(BsonValue value) {
    if (value != null) {
      values.merge(GroupKey.of(value), 1L, Long::sum);
    }
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
    if (value != null) {
      values.computeIfPresent(GroupKey.of(value), (k, n) -> n == 1 ? null : n - 1);
    }
  }

  @Override
  public BsonValue result() {
    List<BsonValue> out = new ArrayList<>(values.size());
    values.keySet().forEach(key -> out.add(key.value()));
    return new BsonArray(out);
  }

  @Override
  public void merge(Accumulator other) {
    ((AddToSet) other).values.forEach((key, n) -> values.merge(key, n, Long::sum));
  }
}
