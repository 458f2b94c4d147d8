package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.math.BigInteger;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code $sqrt}, {@code $exp}, {@code $ln}, {@code $log}, {@code $log10} and {@code $pow}. Doubles
 * (and integers read as doubles) use the C library's functions; {@code $pow} of integers stays an
 * integer while the result fits. Decimal square roots are exact to 34 digits; the other decimal
 * functions are refused (see {@link NumericFunction#decimalNotSupported}).
 */
final class PowersAndLogarithms {

  private PowersAndLogarithms() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.function(
        "$sqrt", Arity.exactly(1), NumericFunction.of("$sqrt", PowersAndLogarithms::sqrt));
    registry.function(
        "$exp",
        Arity.exactly(1),
        NumericFunction.of(
            "$exp",
            value -> {
              if (value.isDecimal128()) {
                throw NumericFunction.decimalNotSupported("$exp");
              }
              return new BsonDouble(StrictMath.exp(NumericCoercion.toDouble(value)));
            }));
    registry.function(
        "$ln",
        Arity.exactly(1),
        NumericFunction.of(
            "$ln", value -> logarithm("$ln", ErrorCode.LOCATION_28766, value, Math::log)));
    registry.function(
        "$log10",
        Arity.exactly(1),
        NumericFunction.of(
            "$log10", value -> logarithm("$log10", ErrorCode.LOCATION_28761, value, Math::log10)));
    registry.function("$log", Arity.exactly(2), PowersAndLogarithms::log);
    registry.function("$pow", Arity.exactly(2), PowersAndLogarithms::pow);
  }

  private static BsonValue sqrt(BsonValue value) {
    if (value.isDecimal128()) {
      Decimal128 decimal = value.asDecimal128().getValue();
      if (!decimal.isNaN() && decimal.isNegative() && !DecimalArithmetic.isZero(decimal)) {
        throw negativeSquareRoot();
      }
      return new BsonDecimal128(DecimalArithmetic.squareRoot(decimal));
    }
    double number = NumericCoercion.toDouble(value);
    if (number < 0) {
      throw negativeSquareRoot();
    }
    return new BsonDouble(Math.sqrt(number));
  }

  private static MongoLakeException negativeSquareRoot() {
    return new MongoLakeException(
        ErrorCode.LOCATION_28714, "$sqrt's argument must be greater than or equal to 0");
  }

  /** {@code $ln} and {@code $log10}: a positive decimal is refused, anything else as a double. */
  private static BsonValue logarithm(
      String name, ErrorCode code, BsonValue value, java.util.function.DoubleUnaryOperator log) {
    if (value.isDecimal128() && isPositive(value.asDecimal128().getValue())) {
      throw NumericFunction.decimalNotSupported(name);
    }
    double number = NumericCoercion.toDouble(value);
    if (!(number > 0 || Double.isNaN(number))) {
      throw new MongoLakeException(
          code,
          name + "'s argument must be a positive number, but is " + DoubleText.printfG(number));
    }
    return new BsonDouble(log.applyAsDouble(number));
  }

  private static boolean isPositive(Decimal128 decimal) {
    return !decimal.isNaN()
        && !decimal.isNegative()
        && (decimal.isInfinite() || !DecimalArithmetic.isZero(decimal));
  }

  private static BsonValue log(BsonValue[] arguments) {
    BsonValue number = arguments[0];
    BsonValue base = arguments[1];
    if (ExpressionValues.isNullish(number) || ExpressionValues.isNullish(base)) {
      return BsonNull.VALUE;
    }
    if (!ExpressionValues.isNumber(number)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28756,
          "$log's argument must be numeric, not " + TypeOperators.typeName(number));
    }
    if (!ExpressionValues.isNumber(base)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28757,
          "$log's base must be numeric, not " + TypeOperators.typeName(base));
    }
    if (number.isDecimal128() || base.isDecimal128()) {
      Decimal128 decimalNumber = NumericCoercion.toDecimal(number);
      Decimal128 decimalBase = NumericCoercion.toDecimal(base);
      boolean baseIsOne =
          !decimalBase.isNaN()
              && !decimalBase.isInfinite()
              && DecimalArithmetic.value(decimalBase).compareTo(java.math.BigDecimal.ONE) == 0;
      if (isPositive(decimalNumber) && isPositive(decimalBase) && !baseIsOne) {
        throw NumericFunction.decimalNotSupported("$log");
      }
    }
    double x = NumericCoercion.toDouble(number);
    double b = NumericCoercion.toDouble(base);
    if (!(x > 0 || Double.isNaN(x))) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28758,
          "$log's argument must be a positive number, but is " + DoubleText.printfG(x));
    }
    if (!((b > 0 && b != 1) || Double.isNaN(b))) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28759,
          "$log's base must be a positive number not equal to 1, but is " + DoubleText.printfG(b));
    }
    return new BsonDouble(Math.log(x) / Math.log(b));
  }

  private static BsonValue pow(BsonValue[] arguments) {
    BsonValue base = arguments[0];
    BsonValue exponent = arguments[1];
    if (ExpressionValues.isNullish(base) || ExpressionValues.isNullish(exponent)) {
      return BsonNull.VALUE;
    }
    if (!ExpressionValues.isNumber(base)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28762,
          "$pow's base must be numeric, not " + TypeOperators.typeName(base));
    }
    if (!ExpressionValues.isNumber(exponent)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28763,
          "$pow's exponent must be numeric, not " + TypeOperators.typeName(exponent));
    }
    if (base.isDecimal128() || exponent.isDecimal128()) {
      Decimal128 decimalBase = NumericCoercion.toDecimal(base);
      Decimal128 decimalExponent = NumericCoercion.toDecimal(exponent);
      if (DecimalArithmetic.isZero(decimalBase)
          && decimalExponent.isNegative()
          && !decimalExponent.isNaN()) {
        throw zeroToNegativePower();
      }
      throw NumericFunction.decimalNotSupported("$pow");
    }
    double b = NumericCoercion.toDouble(base);
    double e = NumericCoercion.toDouble(exponent);
    if (b == 0 && e < 0) {
      throw zeroToNegativePower();
    }
    if (base.isDouble() || exponent.isDouble()) {
      return new BsonDouble(StrictMath.pow(b, e));
    }
    boolean longResult = base.isInt64() || exponent.isInt64();
    long baseLong = NumericCoercion.toLong(base);
    long exponentLong = NumericCoercion.toLong(exponent);
    if (baseLong == 0) {
      return integer(exponentLong == 0 ? 1 : 0, longResult);
    }
    if (baseLong == 1) {
      return integer(1, longResult);
    }
    if (baseLong == -1) {
      return integer(exponentLong % 2 == 0 ? 1 : -1, longResult);
    }
    if (exponentLong > 63 || exponentLong < 0) {
      return new BsonDouble(StrictMath.pow(b, e));
    }
    BigInteger exact = BigInteger.valueOf(baseLong).pow((int) exponentLong);
    if (exact.bitLength() >= 64) {
      return new BsonDouble(StrictMath.pow(b, e));
    }
    return integer(exact.longValueExact(), longResult);
  }

  private static BsonValue integer(long value, boolean longResult) {
    return longResult ? new BsonInt64(value) : NumericArithmetic.intOrLong(value);
  }

  private static MongoLakeException zeroToNegativePower() {
    return new MongoLakeException(
        ErrorCode.LOCATION_28764, "$pow cannot take a base of 0 and a negative exponent");
  }
}
