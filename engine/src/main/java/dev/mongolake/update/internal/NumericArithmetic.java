package dev.mongolake.update.internal;

import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.DecimalValues;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Optional;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * MongoDB's arithmetic for $inc and $mul: the result takes the wider operand type (Int32 &lt; Int64
 * &lt; Double &lt; Decimal128); an Int32 result that overflows becomes Int64; an Int64 result that
 * overflows has no value (MongoDB refuses the update rather than lose precision).
 */
public final class NumericArithmetic {
  private NumericArithmetic() {}

  /** Whether {@code value} is one of the four numeric types. */
  public static boolean isNumber(BsonValue value) {
    return value.isInt32() || value.isInt64() || value.isDouble() || value.isDecimal128();
  }

  /** {@code a + b}, or empty on Int64 overflow. */
  public static Optional<BsonValue> add(BsonValue a, BsonValue b) {
    if (a.isDecimal128() || b.isDecimal128()) {
      return Optional.of(decimal(a, b, true));
    }
    if (a.isDouble() || b.isDouble()) {
      return Optional.of(new BsonDouble(toDouble(a) + toDouble(b)));
    }
    if (a.isInt32() && b.isInt32()) {
      return Optional.of(narrow((long) a.asInt32().getValue() + b.asInt32().getValue()));
    }
    try {
      return Optional.of(new BsonInt64(Math.addExact(toLong(a), toLong(b))));
    } catch (ArithmeticException overflow) {
      return Optional.empty();
    }
  }

  /** {@code a * b}, or empty on Int64 overflow. */
  public static Optional<BsonValue> multiply(BsonValue a, BsonValue b) {
    if (a.isDecimal128() || b.isDecimal128()) {
      return Optional.of(decimal(a, b, false));
    }
    if (a.isDouble() || b.isDouble()) {
      return Optional.of(new BsonDouble(toDouble(a) * toDouble(b)));
    }
    if (a.isInt32() && b.isInt32()) {
      return Optional.of(narrow((long) a.asInt32().getValue() * b.asInt32().getValue()));
    }
    try {
      return Optional.of(new BsonInt64(Math.multiplyExact(toLong(a), toLong(b))));
    } catch (ArithmeticException overflow) {
      return Optional.empty();
    }
  }

  /** MongoDB's rendering of a number in arithmetic errors: {@code (NumberLong)5}. */
  public static String debugText(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> "(NumberInt)" + value.asInt32().getValue();
      case INT64 -> "(NumberLong)" + value.asInt64().getValue();
      case DOUBLE -> "(NumberDouble)" + value.asDouble().getValue();
      case DECIMAL128 -> "(NumberDecimal)" + value.asDecimal128().getValue();
      default -> BsonDebugText.value(value);
    };
  }

  private static BsonValue narrow(long result) {
    return result >= Integer.MIN_VALUE && result <= Integer.MAX_VALUE
        ? new BsonInt32((int) result)
        : new BsonInt64(result);
  }

  private static BsonValue decimal(BsonValue a, BsonValue b, boolean add) {
    Decimal128 da = toDecimal(a);
    Decimal128 db = toDecimal(b);
    if (da.isNaN() || db.isNaN() || da.isInfinite() || db.isInfinite()) {
      double result = add ? toDouble(a) + toDouble(b) : toDouble(a) * toDouble(b);
      if (Double.isNaN(result)) {
        return new BsonDecimal128(Decimal128.NaN);
      }
      return new BsonDecimal128(
          result > 0 ? Decimal128.POSITIVE_INFINITY : Decimal128.NEGATIVE_INFINITY);
    }
    BigDecimal x = DecimalValues.finite(da);
    BigDecimal y = DecimalValues.finite(db);
    BigDecimal result =
        add ? x.add(y, MathContext.DECIMAL128) : x.multiply(y, MathContext.DECIMAL128);
    Decimal128 decimal = new Decimal128(result);
    // IEEE 754 signs a zero result as MongoDB's decimal arithmetic does: a sum is -0 only when
    // both operands are, a product when exactly one operand is negative.
    boolean negativeZero =
        result.signum() == 0
            && (add ? da.isNegative() && db.isNegative() : da.isNegative() != db.isNegative());
    return new BsonDecimal128(negativeZero ? negate(decimal) : decimal);
  }

  private static final long SIGN_BIT = 0x8000000000000000L;

  private static Decimal128 negate(Decimal128 decimal) {
    return Decimal128.fromIEEE754BIDEncoding(decimal.getHigh() ^ SIGN_BIT, decimal.getLow());
  }

  private static Decimal128 toDecimal(BsonValue value) {
    return switch (value.getBsonType()) {
      case DECIMAL128 -> value.asDecimal128().getValue();
      case INT32 -> new Decimal128(value.asInt32().getValue());
      case INT64 -> new Decimal128(value.asInt64().getValue());
      case DOUBLE -> doubleToDecimal(value.asDouble().getValue());
      default -> throw new IllegalArgumentException("not a number: " + value);
    };
  }

  private static Decimal128 doubleToDecimal(double d) {
    if (Double.isNaN(d)) {
      return Decimal128.NaN;
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? Decimal128.POSITIVE_INFINITY : Decimal128.NEGATIVE_INFINITY;
    }
    // MongoDB converts a double to decimal with 15 significant digits.
    return new Decimal128(new BigDecimal(d, new MathContext(15)));
  }

  private static double toDouble(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32 -> value.asInt32().getValue();
      case INT64 -> value.asInt64().getValue();
      case DOUBLE -> value.asDouble().getValue();
      case DECIMAL128 -> value.asDecimal128().getValue().doubleValue();
      default -> throw new IllegalArgumentException("not a number: " + value);
    };
  }

  private static long toLong(BsonValue value) {
    return value.isInt32() ? value.asInt32().getValue() : value.asInt64().getValue();
  }
}
