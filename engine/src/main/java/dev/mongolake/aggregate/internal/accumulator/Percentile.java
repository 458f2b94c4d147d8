package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $percentile} and {@code $median}: percentiles of the numeric inputs (others are ignored),
 * as Doubles. MongoDB's "approximate" method is a t-digest whose answer is only approximately a
 * sample's rank; MongoLake answers the exact discrete percentile (the sample at rank {@code ceil(p
 * * n) - 1}), which is what the t-digest gives on the inputs it keeps whole and what MongoDB itself
 * answers for the expression forms. No numbers: null for each percentile.
 */
final class Percentile implements Accumulator {
  private final QuantileArguments arguments;
  private final List<Double> values = new ArrayList<>();

  Percentile(QuantileArguments arguments) {
    this.arguments = arguments;
  }

  @Override
  public void accumulate(BsonValue value) {
    if (ExpressionValues.isNumber(value)) {
      values.add(Numbers.toDouble(value));
    }
  }

  @Override
  public long approximateBytes() {
    // A boxed double and its reference in the list.
    return AccumulatorMemory.FIXED_BYTES + 24L * values.size();
  }

  @Override
  public BsonValue result() {
    return arguments.format(discrete(values, arguments.percentiles()));
  }

  @Override
  public void merge(Accumulator other) {
    values.addAll(((Percentile) other).values);
  }

  /**
   * The discrete percentiles of {@code samples} (empty for no samples).
   *
   * @param samples the numbers, in any order (not changed)
   * @param percentiles each in [0, 1]
   */
  static List<Double> discrete(List<Double> samples, List<Double> percentiles) {
    if (samples.isEmpty()) {
      return List.of();
    }
    double[] sorted = samples.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    List<Double> out = new ArrayList<>(percentiles.size());
    for (double p : percentiles) {
      out.add(sorted[rank(sorted.length, p)]);
    }
    return out;
  }

  private static int rank(int count, double p) {
    if (p >= 1.0) {
      return count - 1;
    }
    return Math.max(0, (int) Math.ceil(count * p) - 1);
  }

  /** One Double per percentile, or a null per percentile when there were no numbers. */
  static BsonValue percentileArray(List<Double> values, int percentiles) {
    List<BsonValue> out = new ArrayList<>(percentiles);
    for (int i = 0; i < percentiles; i++) {
      out.add(values.isEmpty() ? BsonNull.VALUE : new BsonDouble(values.get(i)));
    }
    return new BsonArray(out);
  }
}
