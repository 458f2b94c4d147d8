package dev.mongolake.aggregate.internal.accumulator;

import org.bson.BsonNull;
import org.bson.BsonValue;

/** {@code $first}/{@code $last}: missing values count as null. */
final class Positional implements Accumulator {
  private final boolean first;
  private BsonValue value;
  private boolean seen;

  Positional(boolean first) {
    this.first = first;
  }

  @Override
  public void accumulate(BsonValue next) {
    if (!first || !seen) {
      value = next == null ? BsonNull.VALUE : next;
      seen = true;
    }
  }

  @Override
  public long approximateBytes() {
    return AccumulatorMemory.FIXED_BYTES + (value == null ? 0 : BsonMemory.of(value));
  }

  @Override
  public BsonValue result() {
    return value == null ? BsonNull.VALUE : value;
  }

  @Override
  public void merge(Accumulator other) {
    Positional that = (Positional) other;
    if (that.seen && (!first || !seen)) {
      value = that.value;
      seen = true;
    }
  }
}
