package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonValue;

/** {@code $addToSet}: distinct non-missing values (in BSON order). */
final class AddToSet implements Accumulator {
  private final TreeSet<BsonValue> values = new TreeSet<>(BsonComparisonOrder.INSTANCE);

  @Override
  public void accumulate(BsonValue value) {
    if (value != null) {
      values.add(value);
    }
  }

  @Override
  public BsonValue result() {
    return new BsonArray(new ArrayList<>(values));
  }

  @Override
  public void merge(Accumulator other) {
    values.addAll(((AddToSet) other).values);
  }
}
