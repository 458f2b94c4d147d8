package dev.mongolake.aggregate.internal.accumulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $push}: every non-missing value (null included), in input order. Removable: a window takes
 * back its oldest value, the first one in. Past 100 MiB of values it fails as MongoDB's does
 * ({@link AccumulatorMemory}).
 */
final class Push implements Accumulator {
  private final Deque<BsonValue> values = new ArrayDeque<>();
  private long bytes = AccumulatorMemory.FIXED_BYTES;

  @Override
  public void accumulate(BsonValue value) {
    if (value != null) {
      values.addLast(value);
      bytes += BsonMemory.of(value);
      AccumulatorMemory.check("$push", bytes);
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
      if (values.removeFirstOccurrence(value)) {
        bytes -= BsonMemory.of(value);
      }
    }
  }

  @Override
  public BsonValue result() {
    return new BsonArray(new ArrayList<>(values));
  }

  @Override
  public void merge(Accumulator other) {
    ((Push) other).values.forEach(this::accumulate);
  }
}
