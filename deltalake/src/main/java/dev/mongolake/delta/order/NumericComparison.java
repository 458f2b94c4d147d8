package dev.mongolake.delta.order;

import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * Exact comparison of BSON numbers across Int32, Int64, Double and Decimal128. Converting a long to
 * a double (or a double to a long) would lose precision above 2^53, so mixed comparisons are done
 * without any lossy conversion. NaN equals NaN and sorts below every other number, as in MongoDB.
 */
public final class NumericComparison {
  private static final double TWO_POW_63 = 0x1p63;

  private NumericComparison() {}

  /** Compares two numeric BSON values (Int32, Int64, Double, Decimal128) by value. */
  public static int compare(BsonValue a, BsonValue b) {
    if (a.isDecimal128() || b.isDecimal128()) {
      return compareExtended(toExtended(a), toExtended(b));
    }
    if (a.isDouble()) {
      double da = a.asDouble().getValue();
      return b.isDouble()
          ? compareDoubles(da, b.asDouble().getValue())
          : -compareLongToDouble(integral(b), da);
    }
    if (b.isDouble()) {
      return compareLongToDouble(integral(a), b.asDouble().getValue());
    }
    return Long.compare(integral(a), integral(b));
  }

  /** Whether a numeric value is NaN (double or Decimal128). */
  public static boolean isNaN(BsonValue number) {
    return (number.isDouble() && Double.isNaN(number.asDouble().getValue()))
        || (number.isDecimal128() && number.asDecimal128().getValue().isNaN());
  }

  /** Compares two doubles with MongoDB's rules: NaN == NaN, NaN lowest, -0.0 == 0.0. */
  public static int compareDoubles(double a, double b) {
    boolean aNaN = Double.isNaN(a);
    boolean bNaN = Double.isNaN(b);
    if (aNaN || bNaN) {
      return aNaN == bNaN ? 0 : (aNaN ? -1 : 1);
    }
    return a < b ? -1 : (a > b ? 1 : 0);
  }

  /** Compares a long with a double exactly. */
  public static int compareLongToDouble(long l, double d) {
    if (Double.isNaN(d)) {
      return 1;
    }
    if (d >= TWO_POW_63) {
      return -1;
    }
    if (d < -TWO_POW_63) {
      return 1;
    }
    // In this range the truncation is exact, and so is the fractional remainder.
    long truncated = (long) d;
    if (l != truncated) {
      return Long.compare(l, truncated);
    }
    double fraction = d - truncated;
    return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0);
  }

  private static long integral(BsonValue v) {
    return v.isInt32() ? v.asInt32().getValue() : v.asInt64().getValue();
  }

  /** A number on the extended real line: NaN, +-infinity or an exact finite value. */
  private record Extended(int kind, BigDecimal finite) {
    static final int NAN = 0;
    static final int NEGATIVE_INFINITY = 1;
    static final int FINITE = 2;
    static final int POSITIVE_INFINITY = 3;
  }

  private static Extended toExtended(BsonValue v) {
    if (v.isInt32() || v.isInt64()) {
      return new Extended(Extended.FINITE, BigDecimal.valueOf(integral(v)));
    }
    if (v.isDouble()) {
      double d = v.asDouble().getValue();
      if (Double.isNaN(d)) {
        return new Extended(Extended.NAN, null);
      }
      if (Double.isInfinite(d)) {
        return new Extended(d > 0 ? Extended.POSITIVE_INFINITY : Extended.NEGATIVE_INFINITY, null);
      }
      return new Extended(Extended.FINITE, new BigDecimal(d));
    }
    Decimal128 dec = v.asDecimal128().getValue();
    if (dec.isNaN()) {
      return new Extended(Extended.NAN, null);
    }
    if (dec.isInfinite()) {
      return new Extended(
          dec.isNegative() ? Extended.NEGATIVE_INFINITY : Extended.POSITIVE_INFINITY, null);
    }
    return new Extended(Extended.FINITE, finiteDecimal(dec));
  }

  /** The exact value of a finite Decimal128; negative zero (which BigDecimal lacks) becomes 0. */
  public static BigDecimal finiteDecimal(Decimal128 dec) {
    return DecimalValues.finite(dec);
  }

  private static int compareExtended(Extended a, Extended b) {
    if (a.kind() != b.kind()) {
      return Integer.compare(a.kind(), b.kind());
    }
    return a.kind() == Extended.FINITE ? a.finite().compareTo(b.finite()) : 0;
  }
}
