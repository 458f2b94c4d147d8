package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code $sum}: adds numbers and ignores everything else, widening as MongoDB does: Int32 while the
 * total fits, then Int64, Double once a double was added or while the integers' exact total is past
 * a long, and Decimal128 once a decimal was added. Removable: it counts the values of each type
 * still in, so a window that slides past the only double goes back to an integral result.
 */
final class Sum implements Accumulator {
  private long integralSum;
  // What overflowed the long: MongoDB's sum of integers is exact far past a long, and its result
  // is an Int64 again once the total fits.
  private BigInteger integralCarry = BigInteger.ZERO;
  private final CompensatedSum doubleSum = new CompensatedSum();
  private BigDecimal decimalSum = BigDecimal.ZERO;
  private long longs;
  private long doubles;
  private long decimals;
  private final NonFinite nonFinite = new NonFinite();

  @Override
  public void accumulate(BsonValue value) {
    add(value, 1);
  }

  @Override
  public boolean removable() {
    return true;
  }

  @Override
  public void remove(BsonValue value) {
    add(value, -1);
  }

  private void add(BsonValue value, int sign) {
    if (value == null) {
      return;
    }
    switch (value.getBsonType()) {
      case INT32 -> addIntegral(sign * (long) value.asInt32().getValue());
      case INT64 -> {
        longs += sign;
        long v = value.asInt64().getValue();
        if (sign < 0 && v == Long.MIN_VALUE) {
          addIntegral(Long.MAX_VALUE);
          addIntegral(1);
        } else {
          addIntegral(sign * v);
        }
      }
      case DOUBLE -> {
        doubles += sign;
        double v = value.asDouble().getValue();
        if (!nonFinite.add(v, sign)) {
          doubleSum.add(sign * v);
        }
      }
      case DECIMAL128 -> {
        decimals += sign;
        Decimal128 decimal = value.asDecimal128().getValue();
        if (decimal.isNaN() || decimal.isInfinite()) {
          nonFinite.add(
              decimal.isNaN()
                  ? Double.NaN
                  : decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY,
              sign);
        } else {
          BigDecimal v = DecimalValues.finite(decimal);
          decimalSum = sign > 0 ? decimalSum.add(v) : decimalSum.subtract(v);
        }
      }
      default -> {
        // $sum ignores non-numeric values.
      }
    }
  }

  private void addIntegral(long value) {
    try {
      integralSum = Math.addExact(integralSum, value);
    } catch (ArithmeticException e) {
      integralCarry =
          integralCarry.add(BigInteger.valueOf(integralSum)).add(BigInteger.valueOf(value));
      integralSum = 0;
    }
  }

  private BigInteger exactIntegral() {
    return integralCarry.signum() == 0
        ? BigInteger.valueOf(integralSum)
        : integralCarry.add(BigInteger.valueOf(integralSum));
  }

  @Override
  public BsonValue result() {
    if (decimals > 0) {
      Decimal128 special = nonFinite.asDecimal();
      if (special != null) {
        return new BsonDecimal128(special);
      }
      // MongoDB adds the non-decimal total as its binary value rounded to 34 digits.
      BigDecimal total =
          decimalSum
              .add(new BigDecimal(exactIntegral()))
              .add(doubleSum.decimalValue(), MathContext.DECIMAL128);
      return new BsonDecimal128(new Decimal128(total));
    }
    BigInteger integral = exactIntegral();
    if (doubles > 0 || integral.bitLength() > 63) {
      Double special = nonFinite.asDouble();
      if (special != null) {
        return new BsonDouble(special);
      }
      return new BsonDouble(doubleSum.value() + integral.doubleValue());
    }
    long total = integral.longValue();
    if (longs > 0 || total != (int) total) {
      return new BsonInt64(total);
    }
    return new BsonInt32((int) total);
  }

  @Override
  public void merge(Accumulator other) {
    Sum that = (Sum) other;
    addIntegral(that.integralSum);
    integralCarry = integralCarry.add(that.integralCarry);
    doubleSum.add(that.doubleSum);
    decimalSum = decimalSum.add(that.decimalSum);
    longs += that.longs;
    doubles += that.doubles;
    decimals += that.decimals;
    nonFinite.merge(that.nonFinite);
  }

  /** How many NaNs and infinities are in: the sum is then one of them, whatever else is. */
  private static final class NonFinite {
    private long nans;
    private long positive;
    private long negative;

    /** Counts {@code value} if it is not finite; false when it is a finite number. */
    boolean add(double value, int sign) {
      if (Double.isNaN(value)) {
        nans += sign;
      } else if (value == Double.POSITIVE_INFINITY) {
        positive += sign;
      } else if (value == Double.NEGATIVE_INFINITY) {
        negative += sign;
      } else {
        return false;
      }
      return true;
    }

    void merge(NonFinite other) {
      nans += other.nans;
      positive += other.positive;
      negative += other.negative;
    }

    Double asDouble() {
      if (nans > 0 || (positive > 0 && negative > 0)) {
        return Double.NaN;
      }
      if (positive > 0) {
        return Double.POSITIVE_INFINITY;
      }
      return negative > 0 ? Double.NEGATIVE_INFINITY : null;
    }

    Decimal128 asDecimal() {
      Double special = asDouble();
      if (special == null) {
        return null;
      }
      if (special.isNaN()) {
        return Decimal128.NaN;
      }
      return special > 0 ? Decimal128.POSITIVE_INFINITY : Decimal128.NEGATIVE_INFINITY;
    }
  }
}
