package dev.mongolake.aggregate.internal.accumulator;

import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $count: {}}: how many documents, as MongoDB's {@code $sum: 1} answers it (Int32, Int64
 * past 2^31 - 1). Every input counts, whatever its value. Removable.
 */
final class Count implements Accumulator {
  private long count;

  @Override
  public void accumulate(BsonValue value) {
    count++;
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
    count--;
  }

  @Override
  public BsonValue result() {
    return count == (int) count ? new BsonInt32((int) count) : new BsonInt64(count);
  }

  @Override
  public void merge(Accumulator other) {
    count += ((Count) other).count;
  }
}
