package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $addToSet}: the distinct non-missing values under MongoDB's equality ({@link GroupKey}: 1
 * and 1.0 are one value, the first seen kept; so are two strings the command's collation finds
 * equal), in order of first appearance (MongoDB leaves the order unspecified). A counted multiset,
 * so that a window can take values back. Past 100 MiB of distinct values it fails as MongoDB's does
 * ({@link AccumulatorMemory}).
 */
final class AddToSet implements Accumulator {
  private final BsonComparisonOrder order;
  private final Map<GroupKey, Long> values = new LinkedHashMap<>();
  // A hash map entry, its key object and its count.
  private static final long ENTRY_BYTES = 80;
  private long bytes = AccumulatorMemory.FIXED_BYTES;

  /** A set whose members are distinct in {@code order} (the command's collation). */
  AddToSet(BsonComparisonOrder order) {
    this.order = order;
  }

  @Override
  public void accumulate(BsonValue value) {
    if (value != null) {
      add(GroupKey.of(value, order), 1L);
    }
  }

  private void add(GroupKey key, long count) {
    if (values.merge(key, count, Long::sum) == count) {
      bytes += ENTRY_BYTES + BsonMemory.of(key.value());
      AccumulatorMemory.check("$addToSet", bytes);
    }
  }

  @Override
  public long approximateBytes() {
    return bytes;
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
    if (value != null) {
      GroupKey key = GroupKey.of(value, order);
      Long count = values.get(key);
      if (count == null) {
        return;
      }
      if (count == 1) {
        values.remove(key);
        bytes -= ENTRY_BYTES + BsonMemory.of(value);
      } else {
        values.put(key, count - 1);
      }
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
    ((AddToSet) other).values.forEach(this::add);
  }
}
