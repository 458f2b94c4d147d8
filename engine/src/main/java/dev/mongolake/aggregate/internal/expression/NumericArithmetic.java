package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.IntFunction;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * MongoDB's arithmetic of aggregation expressions ({@code $add}, {@code $subtract}, {@code
 * $multiply}, {@code $divide}, {@code $mod}) with its widening rules: the result takes the widest
 * operand type (Int32 &lt; Int64 &lt; Double &lt; Decimal128); an Int32 result that overflows
 * becomes an Int64 and an Int64 one a Double; a null or missing operand makes the result null (in
 * argument order: an earlier non-number is still an error). Stateless and thread-safe.
 */
public final class NumericArithmetic {

  private NumericArithmetic() {}

  /** {@code $add}: numbers, and at most one date (then the result is a date). */
  public static BsonValue add(BsonValue... operands) {
    return add(operands.length, i -> operands[i]);
  }

  /**
   * {@code $add} over {@code count} operands read in order; stops at the first null or missing one
   * without reading the rest, as MongoDB does.
   */
  public static BsonValue add(int count, IntFunction<BsonValue> operands) {
    Sum sum = new Sum();
    for (int i = 0; i < count; i++) {
      BsonValue operand = operands.apply(i);
      if (ExpressionValues.isNullish(operand)) {
        return BsonNull.VALUE;
      }
      if (!ExpressionValues.isNumber(operand) && !operand.isDateTime()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "$add only supports numeric or date types, not " + TypeOperators.typeName(operand));
      }
      sum.add(operand);
    }
    return sum.value();
  }

  /** {@code $multiply}: numbers only. */
  public static BsonValue multiply(BsonValue... operands) {
    return multiply(operands.length, i -> operands[i]);
  }

  /** {@code $multiply} over {@code count} operands read in order, stopping at a null one. */
  public static BsonValue multiply(int count, IntFunction<BsonValue> operands) {
    Product product = new Product();
    for (int i = 0; i < count; i++) {
      BsonValue operand = operands.apply(i);
      if (ExpressionValues.isNullish(operand)) {
        return BsonNull.VALUE;
      }
      if (!ExpressionValues.isNumber(operand)) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "$multiply only supports numeric types, not " + TypeOperators.typeName(operand));
      }
      product.multiply(operand);
    }
    return product.value();
  }

  /** {@code $subtract}: numbers, a date minus a date (milliseconds) or minus a number (a date). */
  public static BsonValue subtract(BsonValue left, BsonValue right) {
    if (ExpressionValues.isNumber(left) && ExpressionValues.isNumber(right)) {
      return switch (widest(left.getBsonType(), right.getBsonType())) {
        case DECIMAL128 ->
            new BsonDecimal128(
                DecimalArithmetic.subtract(
                    NumericCoercion.toDecimal(left), NumericCoercion.toDecimal(right)));
        case DOUBLE ->
            new BsonDouble(NumericCoercion.toDouble(left) - NumericCoercion.toDouble(right));
        case INT64 -> {
          long a = NumericCoercion.toLong(left);
          long b = NumericCoercion.toLong(right);
          long difference = a - b;
          yield ((a ^ b) & (a ^ difference)) < 0
              ? new BsonDouble(NumericCoercion.toDouble(left) - NumericCoercion.toDouble(right))
              : new BsonInt64(difference);
        }
        default -> intOrLong(NumericCoercion.toLong(left) - NumericCoercion.toLong(right));
      };
    }
    if (ExpressionValues.isNullish(left) || ExpressionValues.isNullish(right)) {
      return BsonNull.VALUE;
    }
    if (left.isDateTime()) {
      long millis = left.asDateTime().getValue();
      if (right.isDateTime()) {
        return new BsonInt64(millis - right.asDateTime().getValue());
      }
      if (ExpressionValues.isNumber(right)) {
        return new BsonDateTime(millis - NumericCoercion.toLong(right));
      }
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "can't $subtract " + TypeOperators.typeName(right) + " from Date");
    }
    throw new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "can't $subtract "
            + TypeOperators.typeName(right)
            + " from "
            + TypeOperators.typeName(left));
  }

  /** {@code $divide}: a double, or a decimal when either operand is one. */
  public static BsonValue divide(BsonValue left, BsonValue right) {
    if (ExpressionValues.isNumber(left) && ExpressionValues.isNumber(right)) {
      if (left.isDecimal128() || right.isDecimal128()) {
        Decimal128 divisor = NumericCoercion.toDecimal(right);
        if (DecimalArithmetic.isZero(divisor)) {
          throw new MongoLakeException(ErrorCode.BAD_VALUE, "can't $divide by zero");
        }
        return new BsonDecimal128(
            DecimalArithmetic.divide(NumericCoercion.toDecimal(left), divisor));
      }
      double divisor = NumericCoercion.toDouble(right);
      if (divisor == 0) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, "can't $divide by zero");
      }
      return new BsonDouble(NumericCoercion.toDouble(left) / divisor);
    }
    if (ExpressionValues.isNullish(left) || ExpressionValues.isNullish(right)) {
      return BsonNull.VALUE;
    }
    throw new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "$divide only supports numeric types, not "
            + TypeOperators.typeName(left)
            + " and "
            + TypeOperators.typeName(right));
  }

  /**
   * {@code $mod}: the remainder of a truncating division, with the dividend's sign. Integers give
   * the wider integer type (an integral double divisor counts as an integer); otherwise a double,
   * or a decimal when either operand is one.
   */
  public static BsonValue mod(BsonValue left, BsonValue right) {
    if (ExpressionValues.isNumber(left) && ExpressionValues.isNumber(right)) {
      if (left.isDecimal128() || right.isDecimal128()) {
        Decimal128 divisor = NumericCoercion.toDecimal(right);
        if (DecimalArithmetic.isZero(divisor)) {
          throw new MongoLakeException(ErrorCode.LOCATION_5733415, "can't $mod by zero");
        }
        return new BsonDecimal128(
            DecimalArithmetic.modulo(NumericCoercion.toDecimal(left), divisor));
      }
      double divisor = NumericCoercion.toDouble(right);
      if (divisor == 0) {
        throw new MongoLakeException(ErrorCode.LOCATION_16610, "can't $mod by zero");
      }
      if (left.isDouble() || (right.isDouble() && !NumericCoercion.isIntegral32(right))) {
        // Java's % on doubles is C's fmod.
        return new BsonDouble(NumericCoercion.toDouble(left) % divisor);
      }
      if (left.isInt64() || right.isInt64()) {
        long b = NumericCoercion.toLong(right);
        return new BsonInt64(b == -1 ? 0 : NumericCoercion.toLong(left) % b);
      }
      int b = (int) NumericCoercion.toLong(right);
      return new BsonInt32(b == -1 ? 0 : (int) NumericCoercion.toLong(left) % b);
    }
    if (ExpressionValues.isNullish(left) || ExpressionValues.isNullish(right)) {
      return BsonNull.VALUE;
    }
    throw new MongoLakeException(
        ErrorCode.LOCATION_16611,
        "$mod only supports numeric types, not "
            + TypeOperators.typeName(left)
            + " and "
            + TypeOperators.typeName(right));
  }

  /** An Int32 when {@code value} fits one, else an Int64 (MongoDB's {@code createIntOrLong}). */
  public static BsonValue intOrLong(long value) {
    return value == (int) value ? new BsonInt32((int) value) : new BsonInt64(value);
  }

  /** The wider of two numeric types. */
  public static BsonType widest(BsonType a, BsonType b) {
    return rank(a) >= rank(b) ? a : b;
  }

  private static int rank(BsonType type) {
    return switch (type) {
      case INT32 -> 0;
      case INT64 -> 1;
      case DOUBLE -> 2;
      case DECIMAL128 -> 3;
      default -> throw new IllegalArgumentException("not numeric: " + type);
    };
  }

  /** {@code $add}'s state: a long sum that turns into a double one on overflow, or a decimal. */
  private static final class Sum {
    private BsonType widest = BsonType.INT32;
    private long longTotal;
    private double doubleTotal;
    private Decimal128 decimalTotal;
    private boolean date;

    void add(BsonValue operand) {
      BsonType previous = widest;
      BsonValue value = operand;
      if (operand.isDateTime()) {
        if (date) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_16612, "only one date allowed in an $add expression");
        }
        date = true;
        value = new BsonInt64(operand.asDateTime().getValue());
      } else {
        widest = widest(widest, operand.getBsonType());
      }
      if (previous != widest) {
        if (widest == BsonType.DOUBLE) {
          doubleTotal = longTotal;
        } else if (widest == BsonType.DECIMAL128) {
          decimalTotal =
              previous == BsonType.DOUBLE
                  ? NumericCoercion.doubleToDecimal34(doubleTotal)
                  : new Decimal128(longTotal);
        }
      }
      switch (widest) {
        case INT32, INT64 -> {
          long addend = NumericCoercion.toLong(value);
          long total = longTotal + addend;
          if (((longTotal ^ total) & (addend ^ total)) < 0) {
            widest = BsonType.DOUBLE;
            doubleTotal = longTotal + NumericCoercion.toDouble(value);
          } else {
            longTotal = total;
          }
        }
        case DOUBLE -> doubleTotal += NumericCoercion.toDouble(value);
        default ->
            decimalTotal = DecimalArithmetic.add(decimalTotal, NumericCoercion.toDecimal(value));
      }
    }

    BsonValue value() {
      if (date) {
        return switch (widest) {
          case INT32, INT64 -> new BsonDateTime(longTotal);
          case DOUBLE -> {
            if (!(doubleTotal >= -0x1p63 && doubleTotal < 0x1p63)) {
              throw new MongoLakeException(ErrorCode.OVERFLOW, "date overflow in $add");
            }
            // C's llround: halves away from zero.
            yield new BsonDateTime(
                doubleTotal < 0 ? -Math.round(-doubleTotal) : Math.round(doubleTotal));
          }
          default -> new BsonDateTime(roundedLong(decimalTotal));
        };
      }
      return switch (widest) {
        case INT32 -> intOrLong(longTotal);
        case INT64 -> new BsonInt64(longTotal);
        case DOUBLE -> new BsonDouble(doubleTotal);
        default -> new BsonDecimal128(decimalTotal);
      };
    }

    /** Decimal128's {@code toLong()}: half to even; the invalid answer is Int64's minimum. */
    private static long roundedLong(Decimal128 decimal) {
      if (decimal.isNaN() || decimal.isInfinite()) {
        return Long.MIN_VALUE;
      }
      BigDecimal whole = DecimalArithmetic.value(decimal).setScale(0, RoundingMode.HALF_EVEN);
      return whole.toBigInteger().bitLength() < 64 ? whole.longValueExact() : Long.MIN_VALUE;
    }
  }

  /** {@code $multiply}'s state: integer and double products in step, or a decimal one. */
  private static final class Product {
    private BsonType widest = BsonType.INT32;
    private long longProduct = 1;
    private double doubleProduct = 1;
    private Decimal128 decimalProduct;

    void multiply(BsonValue operand) {
      BsonType previous = widest;
      widest = widest(widest, operand.getBsonType());
      if (widest == BsonType.DECIMAL128) {
        if (previous != BsonType.DECIMAL128) {
          decimalProduct =
              previous == BsonType.DOUBLE
                  ? NumericCoercion.toDecimal(new BsonDouble(doubleProduct))
                  : new Decimal128(longProduct);
        }
        decimalProduct =
            DecimalArithmetic.multiply(decimalProduct, NumericCoercion.toDecimal(operand));
        return;
      }
      doubleProduct *= NumericCoercion.toDouble(operand);
      if (widest != BsonType.DOUBLE) {
        long factor = NumericCoercion.toLong(operand);
        long high = Math.multiplyHigh(longProduct, factor);
        long low = longProduct * factor;
        if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
          longProduct = low;
        } else {
          widest = BsonType.DOUBLE;
        }
      }
    }

    BsonValue value() {
      return switch (widest) {
        case INT32 -> intOrLong(longProduct);
        case INT64 -> new BsonInt64(longProduct);
        case DOUBLE -> new BsonDouble(doubleProduct);
        default -> new BsonDecimal128(decimalProduct);
      };
    }
  }
}
