package dev.mongolake.aggregate.internal.window;

import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.math.MathContext;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The arithmetic of the window functions that interpolate or differentiate ({@code $linearFill},
 * {@code $derivative}, {@code $integral}, {@code $expMovingAvg}), with MongoDB's result types:
 * Int32 widens to Int64 on overflow and Int64 to Double, Double to Decimal128 when a Decimal128 is
 * involved, division is Double (Decimal128 with a decimal operand), and a date minus a date is the
 * Int64 number of milliseconds between them. Operands are numbers or (for subtraction) dates.
 */
public final class WindowArithmetic {

  private WindowArithmetic() {}

  static boolean isNumber(BsonValue value) {
    return value != null && (value.isNumber() || value.getBsonType() == BsonType.DECIMAL128);
  }

  static boolean isDecimal(BsonValue value) {
    return value.getBsonType() == BsonType.DECIMAL128;
  }

  static double toDouble(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> value.asInt32().getValue();
      case INT64 -> value.asInt64().getValue();
      case DOUBLE -> value.asDouble().getValue();
      case DATE_TIME -> value.asDateTime().getValue();
      case DECIMAL128 -> value.asDecimal128().getValue().doubleValue();
      default -> throw new IllegalArgumentException("not a number: " + value.getBsonType());
    };
  }

  /** Null for NaN and the infinities, which BigDecimal cannot hold. */
  private static BigDecimal toBig(BsonValue value) {
    if (isDecimal(value)) {
      Decimal128 decimal = value.asDecimal128().getValue();
      return decimal.isNaN() || decimal.isInfinite() ? null : DecimalValues.finite(decimal);
    }
    double d = toDouble(value);
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return null;
    }
    return value.getBsonType() == BsonType.DOUBLE
        ? new BigDecimal(d)
        : BigDecimal.valueOf((long) d);
  }

  private static BsonValue decimal(BsonValue a, BsonValue b, char op) {
    BigDecimal x = toBig(a);
    BigDecimal y = toBig(b);
    if (x == null || y == null) {
      double result = applyDouble(toDouble(a), toDouble(b), op);
      return new BsonDecimal128(
          Double.isNaN(result)
              ? Decimal128.NaN
              : result > 0 ? Decimal128.POSITIVE_INFINITY : Decimal128.NEGATIVE_INFINITY);
    }
    BigDecimal result =
        switch (op) {
          case '+' -> x.add(y, MathContext.DECIMAL128);
          case '-' -> x.subtract(y, MathContext.DECIMAL128);
          case '*' -> x.multiply(y, MathContext.DECIMAL128);
          default -> x.divide(y, MathContext.DECIMAL128);
        };
    return new BsonDecimal128(new Decimal128(result));
  }

  private static double applyDouble(double x, double y, char op) {
    return switch (op) {
      case '+' -> x + y;
      case '-' -> x - y;
      case '*' -> x * y;
      default -> x / y;
    };
  }

  private static BsonValue apply(BsonValue a, BsonValue b, char op) {
    if (a.isDateTime() && b.isDateTime() && op == '-') {
      return new BsonInt64(a.asDateTime().getValue() - b.asDateTime().getValue());
    }
    if (isDecimal(a) || isDecimal(b)) {
      return decimal(a, b, op);
    }
    if (op == '/' || a.isDouble() || b.isDouble()) {
      return new BsonDouble(applyDouble(toDouble(a), toDouble(b), op));
    }
    long x = (long) toDouble(a);
    long y = (long) toDouble(b);
    try {
      long result =
          switch (op) {
            case '+' -> Math.addExact(x, y);
            case '-' -> Math.subtractExact(x, y);
            default -> Math.multiplyExact(x, y);
          };
      boolean bothInt = a.isInt32() && b.isInt32();
      return bothInt && result == (int) result
          ? new BsonInt32((int) result)
          : new BsonInt64(result);
    } catch (ArithmeticException overflow) {
      return new BsonDouble(applyDouble(x, y, op));
    }
  }

  public static BsonValue add(BsonValue a, BsonValue b) {
    return apply(a, b, '+');
  }

  static BsonValue subtract(BsonValue a, BsonValue b) {
    return apply(a, b, '-');
  }

  static BsonValue multiply(BsonValue a, BsonValue b) {
    return apply(a, b, '*');
  }

  /** {@code a / b}; the caller rules out a zero divisor (MongoDB fails or answers null there). */
  static BsonValue divide(BsonValue a, BsonValue b) {
    return apply(a, b, '/');
  }

  static boolean isZero(BsonValue value) {
    BigDecimal big = toBig(value);
    return big != null && big.signum() == 0;
  }
}
