package dev.mongolake.aggregate.internal.accumulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $push}: every non-missing value (null included), in input order. Removable: a window takes
 * back its oldest value, the first one in.
 */
final class Push implements Accumulator {
  private final Deque<BsonValue> values = new ArrayDeque<>();

  @Override
  public void accumulate(BsonValue value) {
    if (value != null) {
      values.addLast(value);
    }
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
    if (value != null) {
      values.removeFirstOccurrence(value);
    }
  }

  @Override
  public BsonValue result() {
    return new BsonArray(new ArrayList<>(values));
  }

  @Override
  public void merge(Accumulator other) {
    values.addAll(((Push) other).values);
  }
}
