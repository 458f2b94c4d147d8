package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $minN}/{@code $maxN}: the {@code n} smallest values in ascending order, or the {@code n}
 * largest in descending order; null, undefined and missing are ignored. Of equal values the first
 * seen are kept. Past 100 MiB of values it fails as MongoDB's does ({@link AccumulatorMemory}).
 */
final class MinMaxN implements Accumulator {
  // A tree entry and the deque of equal values, shared out among them.
  private static final long ENTRY_BYTES = 64;
  private final String name;
  private final boolean min;
  private final long n;
  private final BsonComparisonOrder order;
  private final TreeMap<BsonValue, Deque<BsonValue>> values;
  private long size;
  private long bytes = AccumulatorMemory.FIXED_BYTES;

  /** Keeps {@code n} values, in {@code order} (the command's collation). */
  MinMaxN(String name, boolean min, long n, BsonComparisonOrder order) {
    this.name = name;
    this.min = min;
    this.n = n;
    this.order = order;
    this.values = new TreeMap<>(order);
  }

  @Override
  public void accumulate(BsonValue value) {
    if (ExpressionValues.isNullish(value)) {
      return;
    }
    if (size == n) {
      Map.Entry<BsonValue, Deque<BsonValue>> worst = min ? values.lastEntry() : values.firstEntry();
      int byOrder = order.compare(worst.getKey(), value);
      if (min ? byOrder <= 0 : byOrder >= 0) {
        return;
      }
      Deque<BsonValue> equal = worst.getValue();
      // The latest of equal values goes first, as MongoDB's multiset gives it up.
      bytes -= ENTRY_BYTES + BsonMemory.of(equal.removeLast());
      if (equal.isEmpty()) {
        values.remove(worst.getKey());
      }
      size--;
    }
    values.computeIfAbsent(value, k -> new ArrayDeque<>()).addLast(value);
    size++;
    bytes += ENTRY_BYTES + BsonMemory.of(value);
    AccumulatorMemory.check(name, bytes);
  }

  @Override
  public long approximateBytes() {
    return bytes;
  }

  @Override
  public BsonValue result() {
    List<BsonValue> out = new ArrayList<>();
    if (min) {
      values.values().forEach(out::addAll);
    } else {
      for (Deque<BsonValue> equal : values.descendingMap().values()) {
        Iterator<BsonValue> latestFirst = equal.descendingIterator();
        latestFirst.forEachRemaining(out::add);
      }
    }
    return new BsonArray(out);
  }

  @Override
  public void merge(Accumulator other) {
    MinMaxN that = (MinMaxN) other;
    that.values.values().forEach(equal -> equal.forEach(this::accumulate));
  }
}
