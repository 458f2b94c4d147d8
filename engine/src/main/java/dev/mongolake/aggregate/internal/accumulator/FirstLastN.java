package dev.mongolake.aggregate.internal.accumulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import org.bson.BsonArray;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $firstN}/{@code $lastN}: the first or last {@code n} values in input order, a missing
 * value counting as null. Past 100 MiB of values it fails as MongoDB's does ({@link
 * AccumulatorMemory}).
 */
final class FirstLastN implements Accumulator {
  private final String name;
  private final boolean first;
  private final long n;
  private final Deque<BsonValue> values = new ArrayDeque<>();
  private long bytes = AccumulatorMemory.FIXED_BYTES;

  FirstLastN(String name, boolean first, long n) {
    this.name = name;
    this.first = first;
    this.n = n;
  }

  @Override
  public void accumulate(BsonValue value) {
    if (values.size() == n) {
      if (first) {
        return;
      }
      bytes -= BsonMemory.of(values.removeFirst());
    }
    BsonValue kept = value == null ? BsonNull.VALUE : value;
    values.addLast(kept);
    bytes += BsonMemory.of(kept);
    AccumulatorMemory.check(name, bytes);
  }

  @Override
  public long approximateBytes() {
    return bytes;
  }

  @Override
  public BsonValue result() {
    return new BsonArray(new ArrayList<>(values));
  }

  @Override
  public void merge(Accumulator other) {
    ((FirstLastN) other).values.forEach(this::accumulate);
  }
}
