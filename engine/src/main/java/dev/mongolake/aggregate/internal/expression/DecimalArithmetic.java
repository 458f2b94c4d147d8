package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.bson.types.Decimal128;

/**
 * IEEE 754 decimal128 arithmetic as MongoDB's server does it: 34 significant digits rounded half to
 * even, NaN and the infinities propagated by IEEE's rules, a result too large becoming an infinity.
 * Finite values are computed exactly with {@link BigDecimal}, whose preferred scales match IEEE's
 * preferred exponents (so {@code 1.0 + 2.00} is {@code 3.00}).
 */
public final class DecimalArithmetic {

  private static final int MAX_EXPONENT = 6111;
  private static final int MIN_EXPONENT = -6176;
  private static final long SIGN_BIT = 0x8000000000000000L;

  private DecimalArithmetic() {}

  /** {@code a + b}. */
  public static Decimal128 add(Decimal128 a, Decimal128 b) {
    if (a.isNaN() || b.isNaN()) {
      return Decimal128.NaN;
    }
    if (a.isInfinite() || b.isInfinite()) {
      if (a.isInfinite() && b.isInfinite() && a.isNegative() != b.isNegative()) {
        return Decimal128.NaN;
      }
      return a.isInfinite() ? a : b;
    }
    BigDecimal sum = value(a).add(value(b));
    return round(sum, sum.signum() == 0 && a.isNegative() && b.isNegative());
  }

  /** {@code a - b}. */
  public static Decimal128 subtract(Decimal128 a, Decimal128 b) {
    return add(a, negate(b));
  }

  /** {@code a * b}. */
  public static Decimal128 multiply(Decimal128 a, Decimal128 b) {
    if (a.isNaN() || b.isNaN()) {
      return Decimal128.NaN;
    }
    boolean negative = a.isNegative() != b.isNegative();
    if (a.isInfinite() || b.isInfinite()) {
      if (isZero(a) || isZero(b)) {
        return Decimal128.NaN;
      }
      return negative ? Decimal128.NEGATIVE_INFINITY : Decimal128.POSITIVE_INFINITY;
    }
    BigDecimal product = value(a).multiply(value(b));
    return round(product, product.signum() == 0 && negative);
  }

  /** {@code a / b}; the caller refuses a zero divisor first, as MongoDB does. */
  public static Decimal128 divide(Decimal128 a, Decimal128 b) {
    if (a.isNaN() || b.isNaN()) {
      return Decimal128.NaN;
    }
    boolean negative = a.isNegative() != b.isNegative();
    if (a.isInfinite()) {
      if (b.isInfinite()) {
        return Decimal128.NaN;
      }
      return negative ? Decimal128.NEGATIVE_INFINITY : Decimal128.POSITIVE_INFINITY;
    }
    if (b.isInfinite()) {
      return round(BigDecimal.ZERO, negative);
    }
    BigDecimal quotient = value(a).divide(value(b), MathContext.DECIMAL128);
    return round(quotient, quotient.signum() == 0 && negative);
  }

  /**
   * The remainder of a truncating division, with the dividend's sign ({@code fmod}); the caller
   * refuses a zero divisor first.
   */
  public static Decimal128 modulo(Decimal128 a, Decimal128 b) {
    if (a.isNaN() || b.isNaN() || a.isInfinite()) {
      return Decimal128.NaN;
    }
    if (b.isInfinite()) {
      return a;
    }
    BigDecimal remainder = value(a).remainder(value(b));
    return round(remainder, remainder.signum() == 0 && a.isNegative());
  }

  /** The square root, correctly rounded; NaN for a negative argument. */
  public static Decimal128 squareRoot(Decimal128 a) {
    if (a.isNaN() || (a.isNegative() && !isZero(a))) {
      return Decimal128.NaN;
    }
    if (a.isInfinite()) {
      return a;
    }
    return round(value(a).sqrt(MathContext.DECIMAL128), a.isNegative());
  }

  /** {@code -a}. */
  public static Decimal128 negate(Decimal128 a) {
    if (a.isNaN()) {
      return a;
    }
    return Decimal128.fromIEEE754BIDEncoding(a.getHigh() ^ SIGN_BIT, a.getLow());
  }

  /** {@code |a|}. */
  public static Decimal128 abs(Decimal128 a) {
    return a.isNegative() ? negate(a) : a;
  }

  /** Whether {@code a} is a zero of either sign. */
  public static boolean isZero(Decimal128 a) {
    return !a.isNaN() && !a.isInfinite() && DecimalValues.finite(a).signum() == 0;
  }

  /** The exact value of a finite decimal. */
  public static BigDecimal value(Decimal128 a) {
    return DecimalValues.finite(a);
  }

  /**
   * {@code value} rounded to decimal128 (34 digits, half to even, exponent in range): too large
   * becomes an infinity, too small loses digits down to zero.
   *
   * @param negativeZero whether a zero result carries the minus sign
   */
  public static Decimal128 round(BigDecimal value, boolean negativeZero) {
    BigDecimal rounded = value.round(MathContext.DECIMAL128);
    if (rounded.signum() == 0) {
      int scale = Math.max(Math.min(rounded.scale(), -MIN_EXPONENT), -MAX_EXPONENT);
      Decimal128 zero = new Decimal128(BigDecimal.ZERO.setScale(scale));
      return negativeZero ? negate(zero) : zero;
    }
    int exponent = -rounded.scale();
    if (exponent < MIN_EXPONENT) {
      rounded = rounded.setScale(-MIN_EXPONENT, RoundingMode.HALF_EVEN);
      if (rounded.signum() == 0) {
        Decimal128 zero = new Decimal128(BigDecimal.ZERO.setScale(-MIN_EXPONENT));
        return value.signum() < 0 ? negate(zero) : zero;
      }
    }
    try {
      return new Decimal128(rounded);
    } catch (NumberFormatException tooLarge) {
      return rounded.signum() < 0 ? Decimal128.NEGATIVE_INFINITY : Decimal128.POSITIVE_INFINITY;
    }
  }
}
