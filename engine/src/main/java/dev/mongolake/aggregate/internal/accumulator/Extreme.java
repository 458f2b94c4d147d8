package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.delta.query.BsonComparisonOrder;
import org.bson.BsonNull;
import org.bson.BsonValue;

/** {@code $min}/{@code $max} in BSON order, ignoring null and missing. */
final class Extreme implements Accumulator {
  private final boolean min;
  private BsonValue best;

  Extreme(boolean min) {
    this.min = min;
  }

  @Override
  public void accumulate(BsonValue value) {
    if (value == null || value.isNull()) {
      return;
    }
    int order = best == null ? 0 : BsonComparisonOrder.INSTANCE.compare(value, best);
    if (best == null || (min ? order < 0 : order > 0)) {
      best = value;
    }
  }

  @Override
  public BsonValue result() {
    return best == null ? BsonNull.VALUE : best;
  }

  @Override
  public void merge(Accumulator other) {
    Extreme that = (Extreme) other;
    if (that.best != null) {
      accumulate(that.best);
    }
  }
}
