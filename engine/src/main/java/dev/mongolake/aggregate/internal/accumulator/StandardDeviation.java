package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $stdDevPop}/{@code $stdDevSamp}: the population or sample standard deviation of the
 * numbers (others are ignored), as a Double; null with no numbers (population) or fewer than two
 * (sample). Welford's running mean and sum of squared deviations, which can also be undone for a
 * window and combined for partial aggregation.
 */
final class StandardDeviation implements Accumulator {
  private final boolean sample;
  private long count;
  private double mean;
  private double squaredDeviations;

  StandardDeviation(boolean sample) {
    this.sample = sample;
  }

  @Override
  public void accumulate(BsonValue value) {
    if (!ExpressionValues.isNumber(value)) {
      return;
    }
    double x = Numbers.toDouble(value);
    count++;
    double delta = x - mean;
    mean += delta / count;
    squaredDeviations += delta * (x - mean);
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
    if (!ExpressionValues.isNumber(value)) {
      return;
    }
    double x = Numbers.toDouble(value);
    count--;
    if (count == 0) {
      mean = 0;
      squaredDeviations = 0;
      return;
    }
    double delta = x - mean;
    mean -= delta / count;
    squaredDeviations -= delta * (x - mean);
  }

  @Override
  public BsonValue result() {
    long divisor = sample ? count - 1 : count;
    if (divisor <= 0) {
      return BsonNull.VALUE;
    }
    return new BsonDouble(Math.sqrt(Math.max(0, squaredDeviations) / divisor));
  }

  @Override
  public void merge(Accumulator other) {
    StandardDeviation that = (StandardDeviation) other;
    if (that.count == 0) {
      return;
    }
    long total = count + that.count;
    double delta = that.mean - mean;
    squaredDeviations +=
        that.squaredDeviations + delta * delta * ((double) count * that.count / total);
    mean += delta * that.count / total;
    count = total;
  }
}
