package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code $abs}, {@code $ceil}, {@code $floor}, {@code $round} and {@code $trunc}: the operators
 * that keep a number's type. Decimals are quantized as IEEE 754 does (a result needing more than 34
 * digits is NaN, the sign of a zero is kept); {@code $round} rounds half to even on the decimal
 * value of a double, as MongoDB does.
 */
final class Rounding {

  private static final int MIN_PLACE = -20;
  private static final int MAX_PLACE = 100;

  private Rounding() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.function("$abs", Arity.exactly(1), NumericFunction.of("$abs", Rounding::abs));
    registry.function(
        "$ceil",
        Arity.exactly(1),
        NumericFunction.of("$ceil", value -> toWhole(value, RoundingMode.CEILING)));
    registry.function(
        "$floor",
        Arity.exactly(1),
        NumericFunction.of("$floor", value -> toWhole(value, RoundingMode.FLOOR)));
    InOrderCall.register(
        registry,
        "$round",
        Arity.between(1, 2),
        operands -> roundOrTrunc("$round", operands, RoundingMode.HALF_EVEN));
    InOrderCall.register(
        registry,
        "$trunc",
        Arity.between(1, 2),
        operands -> roundOrTrunc("$trunc", operands, RoundingMode.DOWN));
  }

  private static BsonValue abs(BsonValue value) {
    return switch (value.getBsonType()) {
      case DOUBLE -> new BsonDouble(Math.abs(value.asDouble().getValue()));
      case DECIMAL128 -> new BsonDecimal128(DecimalArithmetic.abs(value.asDecimal128().getValue()));
      case INT64 -> {
        long number = value.asInt64().getValue();
        if (number == Long.MIN_VALUE) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_28680, "can't take $abs of long long min");
        }
        yield new BsonInt64(Math.abs(number));
      }
      default -> NumericArithmetic.intOrLong(Math.abs((long) value.asInt32().getValue()));
    };
  }

  /** {@code $ceil} and {@code $floor}: integers unchanged, decimals quantized to exponent 0. */
  private static BsonValue toWhole(BsonValue value, RoundingMode mode) {
    return switch (value.getBsonType()) {
      case DOUBLE ->
          new BsonDouble(
              mode == RoundingMode.CEILING
                  ? Math.ceil(value.asDouble().getValue())
                  : Math.floor(value.asDouble().getValue()));
      case DECIMAL128 -> new BsonDecimal128(quantize(value.asDecimal128().getValue(), 0, mode));
      default -> value;
    };
  }

  /** IEEE 754 quantize to exponent {@code -place}: NaN when infinite or more than 34 digits. */
  private static Decimal128 quantize(Decimal128 decimal, int place, RoundingMode mode) {
    if (decimal.isNaN() || decimal.isInfinite()) {
      return Decimal128.NaN;
    }
    BigDecimal result = DecimalArithmetic.value(decimal).setScale(place, mode);
    if (result.precision() > MathContext.DECIMAL128.getPrecision()) {
      return Decimal128.NaN;
    }
    return DecimalArithmetic.round(result, decimal.isNegative());
  }

  private static BsonValue roundOrTrunc(
      String name, InOrderCall.Operands operands, RoundingMode mode) {
    BsonValue number = operands.get(0);
    if (ExpressionValues.isNullish(number)) {
      return BsonNull.VALUE;
    }
    if (!ExpressionValues.isNumber(number)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51081,
          name + " only supports numeric types, not " + TypeOperators.typeName(number));
    }
    long place = 0;
    if (operands.count() > 1) {
      BsonValue placeArgument = operands.get(1);
      if (ExpressionValues.isNullish(placeArgument)) {
        return BsonNull.VALUE;
      }
      if (!ExpressionValues.isNumber(placeArgument)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16004,
            "can't convert from BSON type " + TypeOperators.typeName(placeArgument) + " to long");
      }
      place = NumericCoercion.toLong(placeArgument);
      if (!NumericCoercion.isIntegral32(placeArgument)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51082,
            "precision argument to  " + name + " must be a integral value");
      }
      if (place < MIN_PLACE || place > MAX_PLACE) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51083,
            "cannot apply "
                + name
                + " with precision value "
                + place
                + " value must be in [-20, 100]");
      }
    }
    int digits = (int) place;
    return switch (number.getBsonType()) {
      case DECIMAL128 -> {
        Decimal128 decimal = number.asDecimal128().getValue();
        yield decimal.isInfinite() ? number : new BsonDecimal128(quantize(decimal, digits, mode));
      }
      case DOUBLE -> {
        double value = number.asDouble().getValue();
        if (Double.isInfinite(value)) {
          yield number;
        }
        Decimal128 rounded = quantize(NumericCoercion.doubleToDecimal34(value), digits, mode);
        yield new BsonDouble(rounded.isNaN() ? Double.NaN : toDouble(rounded));
      }
      default -> roundInteger(name, number, digits, mode);
    };
  }

  private static double toDouble(Decimal128 decimal) {
    double value = DecimalArithmetic.value(decimal).doubleValue();
    return value == 0 && decimal.isNegative() ? -0.0 : value;
  }

  private static BsonValue roundInteger(
      String name, BsonValue number, int place, RoundingMode mode) {
    if (place >= 0) {
      return number;
    }
    long value = NumericCoercion.toLong(number);
    BigDecimal rounded = BigDecimal.valueOf(value).setScale(place, mode);
    if (rounded.toBigInteger().bitLength() >= 64) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51080,
          "invalid conversion from Decimal128 result in "
              + name
              + " resulting from arguments: ["
              + value
              + ", "
              + place
              + "]");
    }
    long result = rounded.longValueExact();
    if (number.isInt64() || result > Integer.MAX_VALUE) {
      return new BsonInt64(result);
    }
    // MongoDB narrows without checking the lower bound; the cast keeps its answer.
    return new BsonInt32((int) result);
  }
}
