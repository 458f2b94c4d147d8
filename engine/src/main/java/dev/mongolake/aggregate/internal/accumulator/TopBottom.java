package dev.mongolake.aggregate.internal.accumulator;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $top}, {@code $bottom}, {@code $topN}, {@code $bottomN}: the outputs of the first or last
 * {@code n} documents in a {@code sortBy} order, in that order. Each input is the array {@code
 * [output, path values...]} that {@link NAccumulatorParsers} builds; a missing output counts as
 * null (so nulls are kept, as MongoDB keeps them). Of documents that tie, the first seen is kept.
 * Past 100 MiB of entries it fails as MongoDB's does ({@link AccumulatorMemory}).
 */
final class TopBottom implements Accumulator {
  private record Entry(List<BsonValue> key, BsonValue output, long bytes) {}

  private final String name;
  private long bytes = AccumulatorMemory.FIXED_BYTES;

  private final boolean top;
  private final boolean single;
  private final long n;
  private final SortKeyOrder order;
  private final List<Entry> entries = new ArrayList<>();

  TopBottom(String name, boolean top, boolean single, long n, SortKeyOrder order) {
    this.name = name;
    this.top = top;
    this.single = single;
    this.n = n;
    this.order = order;
  }

  @Override
  public void accumulate(BsonValue value) {
    BsonArray input = value.asArray();
    BsonValue output = input.get(0);
    add(
        new Entry(
            order.key(input.getValues().subList(1, input.size())), output, BsonMemory.of(input)));
  }

  private void add(Entry entry) {
    if (entries.size() == n) {
      if (top) {
        if (order.compare(entries.getLast().key(), entry.key()) <= 0) {
          return;
        }
        bytes -= entries.removeLast().bytes();
      } else {
        if (order.compare(entry.key(), entries.getFirst().key()) <= 0) {
          return;
        }
        bytes -= entries.removeFirst().bytes();
      }
    }
    entries.add(insertionPoint(entry.key()), entry);
    bytes += entry.bytes();
    AccumulatorMemory.check(name, bytes);
  }

  /** After every entry that sorts before or ties with {@code key}. */
  private int insertionPoint(List<BsonValue> key) {
    int low = 0;
    int high = entries.size();
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (order.compare(entries.get(middle).key(), key) <= 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  @Override
  public long approximateBytes() {
    return bytes;
  }

  @Override
  public BsonValue result() {
    if (single) {
      return entries.isEmpty() ? BsonNull.VALUE : entries.getFirst().output();
    }
    List<BsonValue> outputs = new ArrayList<>(entries.size());
    entries.forEach(entry -> outputs.add(entry.output()));
    return new BsonArray(outputs);
  }

  @Override
  public void merge(Accumulator other) {
    ((TopBottom) other).entries.forEach(this::add);
  }
}
