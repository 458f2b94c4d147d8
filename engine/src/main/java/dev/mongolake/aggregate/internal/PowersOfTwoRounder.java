package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The {@code POWERSOF2} granularity, as MongoDB's rounder: the result is {@code {$pow: [2,
 * exponent]}}, so an integral exponent gives an Int32 or Int64 power (a double input too), a
 * decimal input a decimal power.
 */
final class PowersOfTwoRounder implements GranularityRounder {

  @Override
  public BsonValue roundUp(BsonValue value) {
    double number = check(value);
    if (number == 0.0) {
      return value;
    }
    return switch (value.getBsonType()) {
      case DOUBLE -> power(Math.getExponent(number) + 1);
      case DECIMAL128 -> decimalPower(floorLog2(value) + 1);
      default -> power(63 - Long.numberOfLeadingZeros(value.asNumber().longValue()) + 1);
    };
  }

  @Override
  public BsonValue roundDown(BsonValue value) {
    double number = check(value);
    if (number == 0.0) {
      return value;
    }
    return switch (value.getBsonType()) {
      case DOUBLE -> power(ceilLog2(number) - 1);
      case DECIMAL128 -> {
        int floor = floorLog2(value);
        boolean exact =
            DecimalValues.finite(value.asDecimal128().getValue()).compareTo(powerOfTwo(floor)) == 0;
        yield decimalPower((exact ? floor : floor + 1) - 1);
      }
      default -> {
        long n = value.asNumber().longValue();
        int floor = 63 - Long.numberOfLeadingZeros(n);
        yield power(Long.bitCount(n) == 1 ? floor - 1 : floor);
      }
    };
  }

  /** The exact ceiling of log2 of a positive double (getExponent is the exact floor). */
  private static int ceilLog2(double number) {
    int floor = Math.getExponent(number);
    return Math.scalb(1.0, floor) == number ? floor : floor + 1;
  }

  private static int floorLog2(BsonValue decimal) {
    BigDecimal value = DecimalValues.finite(decimal.asDecimal128().getValue());
    int guess = Math.getExponent(value.doubleValue());
    // The double may have rounded up to the next power: correct by one either way.
    while (powerOfTwo(guess).compareTo(value) > 0) {
      guess--;
    }
    while (powerOfTwo(guess + 1).compareTo(value) <= 0) {
      guess++;
    }
    return guess;
  }

  private static BigDecimal powerOfTwo(int exponent) {
    return exponent >= 0
        ? BigDecimal.TWO.pow(exponent)
        : BigDecimal.ONE.divide(BigDecimal.TWO.pow(-exponent));
  }

  /** {@code $pow} of the Int32 2 to an Int32 exponent: Int32, Int64 or, past a long, Double. */
  private static BsonValue power(int exponent) {
    if (exponent < 0 || exponent > 62) {
      return new BsonDouble(Math.scalb(1.0, exponent));
    }
    long result = 1L << exponent;
    return result == (int) result ? new BsonInt32((int) result) : new BsonInt64(result);
  }

  private static BsonValue decimalPower(int exponent) {
    return new BsonDecimal128(new Decimal128(powerOfTwo(exponent)));
  }

  private static double check(BsonValue value) {
    if (!ExpressionValues.isNumber(value)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40265,
          "A granularity rounder can only round numeric values, but found type: "
              + BsonTypeNames.of(value));
    }
    double number;
    if (value.isDecimal128()) {
      Decimal128 decimal = value.asDecimal128().getValue();
      number =
          decimal.isNaN()
              ? Double.NaN
              : decimal.isInfinite()
                  ? (decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY)
                  : DecimalValues.finite(decimal).doubleValue();
    } else {
      number = value.asNumber().doubleValue();
    }
    if (Double.isNaN(number)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40266, "A granularity rounder cannot round NaN");
    }
    if (number < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40267, "A granularity rounder can only round non-negative numbers");
    }
    refuseInfinity(number);
    return number;
  }

  /** Infinity has no boundary above it (MongoDB's scaling loops never end): refused. */
  static void refuseInfinity(double number) {
    if (Double.isInfinite(number)) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "Cannot run $bucketAuto: rounding an infinite value to a granularity is not supported");
    }
  }
}
