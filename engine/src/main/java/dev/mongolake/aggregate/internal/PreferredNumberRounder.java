package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * Rounding to a preferred-number series (the series values times powers of ten), as MongoDB's
 * {@code GranularityRounderPreferredNumbers}: doubles for every numeric input but decimals, which
 * round in decimal. Its scaling is done in doubles the way MongoDB's is, so the boundaries carry
 * the same binary representation errors (0.1 * 16 is 1.6000000000000001).
 *
 * @param series the base series, ascending (for example 10, 16, 25, 40, 63)
 */
record PreferredNumberRounder(double[] series) implements GranularityRounder {

  static PreferredNumberRounder of(double... series) {
    return new PreferredNumberRounder(series);
  }

  @Override
  public BsonValue roundUp(BsonValue value) {
    check(value);
    if (asDouble(value) == 0.0) {
      return value;
    }
    if (value.isDecimal128()) {
      return new BsonDecimal128(new Decimal128(roundUp(DecimalValues.finite(decimal(value)))));
    }
    double number = asDouble(value);
    double multiplier = 1.0;
    while (number >= series[series.length - 1] * multiplier) {
      multiplier *= 10.0;
    }
    while (number < series[0] * multiplier) {
      double previousMin = series[0] * multiplier;
      multiplier /= 10.0;
      if (number >= series[series.length - 1] * multiplier) {
        return new BsonDouble(previousMin);
      }
    }
    for (double candidate : series) {
      if (number < candidate * multiplier) {
        return new BsonDouble(candidate * multiplier);
      }
    }
    throw new IllegalStateException("no series value above " + number);
  }

  private BigDecimal roundUp(BigDecimal number) {
    BigDecimal multiplier = BigDecimal.ONE;
    while (number.compareTo(scaled(series.length - 1, multiplier)) >= 0) {
      multiplier = multiplier.multiply(BigDecimal.TEN);
    }
    while (number.compareTo(scaled(0, multiplier)) < 0) {
      BigDecimal previousMin = scaled(0, multiplier);
      multiplier = multiplier.divide(BigDecimal.TEN);
      if (number.compareTo(scaled(series.length - 1, multiplier)) >= 0) {
        return previousMin;
      }
    }
    for (int i = 0; i < series.length; i++) {
      if (number.compareTo(scaled(i, multiplier)) < 0) {
        return scaled(i, multiplier);
      }
    }
    throw new IllegalStateException("no series value above " + number);
  }

  @Override
  public BsonValue roundDown(BsonValue value) {
    check(value);
    if (asDouble(value) == 0.0) {
      return value;
    }
    if (value.isDecimal128()) {
      return new BsonDecimal128(new Decimal128(roundDown(DecimalValues.finite(decimal(value)))));
    }
    double number = asDouble(value);
    double multiplier = 1.0;
    while (number <= series[0] * multiplier) {
      multiplier /= 10.0;
    }
    while (number > series[series.length - 1] * multiplier) {
      double previousMax = series[series.length - 1] * multiplier;
      multiplier *= 10.0;
      if (number <= series[0] * multiplier) {
        return new BsonDouble(previousMax);
      }
    }
    for (int i = series.length - 1; i >= 0; i--) {
      if (series[i] * multiplier < number) {
        return new BsonDouble(series[i] * multiplier);
      }
    }
    throw new IllegalStateException("no series value below " + number);
  }

  private BigDecimal roundDown(BigDecimal number) {
    BigDecimal multiplier = BigDecimal.ONE;
    while (number.compareTo(scaled(0, multiplier)) <= 0) {
      multiplier = multiplier.divide(BigDecimal.TEN);
    }
    while (number.compareTo(scaled(series.length - 1, multiplier)) > 0) {
      BigDecimal previousMax = scaled(series.length - 1, multiplier);
      multiplier = multiplier.multiply(BigDecimal.TEN);
      if (number.compareTo(scaled(0, multiplier)) <= 0) {
        return previousMax;
      }
    }
    for (int i = series.length - 1; i >= 0; i--) {
      if (scaled(i, multiplier).compareTo(number) < 0) {
        return scaled(i, multiplier);
      }
    }
    throw new IllegalStateException("no series value below " + number);
  }

  /**
   * A series value times {@code multiplier} in decimal, the series value as MongoDB's {@code
   * Decimal128(double)} makes it: 15 significant digits ({@code 16} is {@code 16.0000000000000}),
   * so that the boundaries read as MongoDB's do.
   */
  private BigDecimal scaled(int index, BigDecimal multiplier) {
    BigDecimal value = BigDecimal.valueOf((long) series[index]);
    return value.setScale(15 - value.precision()).multiply(multiplier);
  }

  private static Decimal128 decimal(BsonValue value) {
    return value.asDecimal128().getValue();
  }

  private static double asDouble(BsonValue value) {
    if (value.isDecimal128()) {
      Decimal128 decimal = decimal(value);
      if (decimal.isNaN()) {
        return Double.NaN;
      }
      if (decimal.isInfinite()) {
        return decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      }
      return DecimalValues.finite(decimal).doubleValue();
    }
    return value.asNumber().doubleValue();
  }

  private static void check(BsonValue value) {
    if (!ExpressionValues.isNumber(value)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40262,
          "A granularity rounder can only round numeric values, but found type: "
              + BsonTypeNames.of(value));
    }
    double number = asDouble(value);
    if (Double.isNaN(number)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40263, "A granularity rounder cannot round NaN");
    }
    if (number < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40268, "A granularity rounder can only round non-negative numbers");
    }
    PowersOfTwoRounder.refuseInfinity(number);
  }

  static PreferredNumberRounder r20() {
    return of(
        100, 112, 125, 140, 160, 180, 200, 224, 250, 280, 315, 355, 400, 450, 500, 560, 630, 710,
        800, 900);
  }

  static PreferredNumberRounder r40() {
    return of(
        100, 106, 112, 118, 125, 132, 140, 150, 160, 170, 180, 190, 200, 212, 224, 236, 250, 265,
        280, 300, 315, 355, 375, 400, 425, 450, 475, 500, 530, 560, 600, 630, 670, 710, 750, 800,
        850, 900, 950);
  }

  static PreferredNumberRounder r80() {
    return of(
        103, 109, 115, 122, 128, 136, 145, 155, 165, 175, 185, 195, 206, 218, 230, 243, 258, 272,
        290, 307, 325, 345, 365, 387, 412, 437, 462, 487, 515, 545, 575, 615, 650, 690, 730, 775,
        825, 875, 925, 975);
  }

  static PreferredNumberRounder e24() {
    return of(
        10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82,
        91);
  }

  static PreferredNumberRounder e48() {
    return of(
        100, 105, 110, 115, 121, 127, 133, 140, 147, 154, 162, 169, 178, 187, 196, 205, 215, 226,
        237, 249, 261, 274, 287, 301, 316, 332, 348, 365, 383, 402, 422, 442, 464, 487, 511, 536,
        562, 590, 619, 649, 681, 715, 750, 787, 825, 866, 909, 953);
  }

  static PreferredNumberRounder e96() {
    return of(
        100, 102, 105, 107, 110, 113, 115, 118, 121, 124, 127, 130, 133, 137, 140, 143, 147, 150,
        154, 158, 162, 165, 169, 174, 178, 182, 187, 191, 196, 200, 205, 210, 215, 221, 226, 232,
        237, 243, 249, 255, 261, 267, 274, 280, 287, 294, 301, 309, 316, 324, 332, 340, 348, 357,
        365, 374, 383, 392, 402, 412, 422, 432, 442, 453, 464, 475, 487, 499, 511, 523, 536, 549,
        562, 576, 590, 604, 619, 634, 649, 665, 681, 698, 715, 732, 750, 768, 787, 806, 825, 845,
        866, 887, 909, 931, 953, 976);
  }

  static PreferredNumberRounder e192() {
    return of(
        100, 101, 102, 104, 105, 106, 107, 109, 110, 111, 113, 114, 115, 117, 118, 120, 121, 123,
        124, 126, 127, 129, 130, 132, 133, 135, 137, 138, 140, 142, 143, 145, 147, 149, 150, 152,
        154, 156, 158, 160, 162, 164, 165, 167, 169, 172, 174, 176, 178, 180, 182, 184, 187, 189,
        191, 193, 196, 198, 200, 203, 205, 208, 210, 213, 215, 218, 221, 223, 226, 229, 232, 234,
        237, 240, 243, 246, 249, 252, 255, 258, 261, 264, 267, 271, 274, 277, 280, 284, 287, 291,
        294, 298, 301, 305, 309, 312, 316, 320, 324, 328, 332, 336, 340, 344, 348, 352, 357, 361,
        365, 370, 374, 379, 383, 388, 392, 397, 402, 407, 412, 417, 422, 427, 432, 437, 442, 448,
        453, 459, 464, 470, 475, 481, 487, 493, 499, 505, 511, 517, 523, 530, 536, 542, 549, 556,
        562, 569, 576, 583, 590, 597, 604, 612, 619, 626, 634, 642, 649, 657, 665, 673, 681, 690,
        698, 706, 715, 723, 732, 741, 750, 759, 768, 777, 787, 796, 806, 816, 825, 835, 845, 856,
        866, 876, 887, 898, 909, 920, 931, 942, 953, 965, 976, 988);
  }
}
