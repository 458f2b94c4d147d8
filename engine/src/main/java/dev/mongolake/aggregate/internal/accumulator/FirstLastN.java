package dev.mongolake.aggregate.internal.accumulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import org.bson.BsonArray;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $firstN}/{@code $lastN}: the first or last {@code n} values in input order, a missing
 * value counting as null.
 */
final class FirstLastN implements Accumulator {
  private final boolean first;
  private final long n;
  private final Deque<BsonValue> values = new ArrayDeque<>();

  FirstLastN(boolean first, long n) {
    this.first = first;
    this.n = n;
  }

  @Override
  public void accumulate(BsonValue value) {
    if (values.size() == n) {
      if (first) {
        return;
      }
      values.removeFirst();
    }
    values.addLast(value == null ? BsonNull.VALUE : value);
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
