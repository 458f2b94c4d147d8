package dev.mongolake.aggregate.internal.expression;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A double as MongoDB's server prints it in messages and in {@code $toString}: C's {@code printf
 * ("%g")}, six significant digits, trailing zeros dropped, an exponent below 1e-4 or from 1e6 on
 * ({@code 1e+06}, {@code 1.5e-07}), {@code inf}, {@code -inf} and {@code nan}.
 */
public final class DoubleText {

  private static final int PRECISION = 6;

  private DoubleText() {}

  /** {@code value} formatted as {@code %g}. */
  public static String printfG(double value) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return (1 / value < 0) ? "-0" : "0";
    }
    BigDecimal rounded =
        new BigDecimal(value).round(new MathContext(PRECISION, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= PRECISION) {
      BigDecimal mantissa = rounded.movePointLeft(exponent).stripTrailingZeros();
      String digits = mantissa.toPlainString();
      String sign = exponent < 0 ? "-" : "+";
      int magnitude = Math.abs(exponent);
      return digits + "e" + sign + (magnitude < 10 ? "0" : "") + magnitude;
    }
    return rounded.stripTrailingZeros().toPlainString();
  }
}
