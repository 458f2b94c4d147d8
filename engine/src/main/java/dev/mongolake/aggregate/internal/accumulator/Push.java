package dev.mongolake.aggregate.internal.accumulator;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonValue;

/** {@code $push}: every non-missing value, in order. */
final class Push implements Accumulator {
  private final List<BsonValue> values = new ArrayList<>();

  @Override
  public void accumulate(BsonValue value) {
    if (value != null) {
      values.add(value);
    }
  }

  @Override
  public BsonValue result() {
    return new BsonArray(values);
  }

  @Override
  public void merge(Accumulator other) {
    values.addAll(((Push) other).values);
  }
}
