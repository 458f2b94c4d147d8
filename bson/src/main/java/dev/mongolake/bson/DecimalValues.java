package dev.mongolake.bson;

import java.math.BigDecimal;
import org.bson.types.Decimal128;

/** Decimal128 values as Java numbers, where the two disagree. */
public final class DecimalValues {

  private DecimalValues() {}

  /**
   * The exact value of a finite decimal. {@link Decimal128#bigDecimalValue()} refuses a negative
   * zero, which BigDecimal cannot hold: it is zero here (callers that keep the sign read it from
   * {@link Decimal128#isNegative()}).
   *
   * @throws ArithmeticException for NaN or an infinity, which have no BigDecimal value
   */
  public static BigDecimal finite(Decimal128 decimal) {
    if (decimal.isNaN() || decimal.isInfinite()) {
      throw new ArithmeticException(decimal + " has no BigDecimal value");
    }
    try {
      return decimal.bigDecimalValue();
    } catch (ArithmeticException negativeZero) {
      return BigDecimal.ZERO; // the only finite value BigDecimal refuses
    }
  }
}
