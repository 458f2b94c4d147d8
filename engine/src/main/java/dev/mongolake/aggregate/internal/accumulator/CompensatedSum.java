package dev.mongolake.aggregate.internal.accumulator;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * A sum of finite doubles with Neumaier's compensation, so that adding many values (and taking some
 * back, in a window) loses as little as MongoDB's double-double summation does. Infinities and NaN
 * are counted by the callers, never added here (an infinity cannot be taken back).
 */
final class CompensatedSum {
  private double sum;
  private double compensation;

  void add(double value) {
    double total = sum + value;
    if (Math.abs(sum) >= Math.abs(value)) {
      compensation += (sum - total) + value;
    } else {
      compensation += (value - total) + sum;
    }
    sum = total;
  }

  void add(CompensatedSum other) {
    add(other.sum);
    add(other.compensation);
  }

  double value() {
    return sum + compensation;
  }

  /**
   * The sum as a decimal the way MongoDB's double-double sum converts: each part's exact binary
   * value rounded to 34 digits, then added.
   */
  BigDecimal decimalValue() {
    return new BigDecimal(sum)
        .round(MathContext.DECIMAL128)
        .add(new BigDecimal(compensation).round(MathContext.DECIMAL128), MathContext.DECIMAL128);
  }
}
