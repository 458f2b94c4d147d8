package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.function.DoubleUnaryOperator;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The trigonometric operators ({@code $sin} ... {@code $atan2}, the hyperbolic ones, {@code
 * $degreesToRadians}, {@code $radiansToDegrees}): a number read as a double gives a double; an
 * argument outside the function's domain fails with 50989 naming the domain as MongoDB does; NaN
 * passes through. Decimal arguments are refused (see {@link NumericFunction#decimalNotSupported}).
 */
final class Trigonometry {

  private Trigonometry() {}

  /** A domain of a bounded function, as MongoDB prints it: {@code [-1,1]}, {@code (-inf,inf)}. */
  private record Domain(double lower, double upper, boolean inclusive) {
    boolean contains(double x) {
      return inclusive ? x >= lower && x <= upper : x > lower && x < upper;
    }

    String text() {
      return (inclusive ? "[" : "(")
          + DoubleText.printfG(lower)
          + ","
          + DoubleText.printfG(upper)
          + (inclusive ? "]" : ")");
    }
  }

  private static final Domain ALL_FINITE =
      new Domain(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, false);
  private static final Domain UNIT = new Domain(-1, 1, true);
  private static final Domain FROM_ONE = new Domain(1, Double.POSITIVE_INFINITY, true);

  static void register(OperatorRegistry.Builder registry) {
    bounded(registry, "$sin", ALL_FINITE, StrictMath::sin);
    bounded(registry, "$cos", ALL_FINITE, StrictMath::cos);
    bounded(registry, "$tan", ALL_FINITE, StrictMath::tan);
    bounded(registry, "$asin", UNIT, StrictMath::asin);
    bounded(registry, "$acos", UNIT, StrictMath::acos);
    bounded(registry, "$atanh", UNIT, Trigonometry::atanh);
    bounded(registry, "$acosh", FROM_ONE, Trigonometry::acosh);
    unbounded(registry, "$atan", StrictMath::atan);
    unbounded(registry, "$asinh", Trigonometry::asinh);
    unbounded(registry, "$sinh", StrictMath::sinh);
    unbounded(registry, "$cosh", StrictMath::cosh);
    unbounded(registry, "$tanh", StrictMath::tanh);
    unbounded(registry, "$degreesToRadians", x -> x * (Math.PI / 180));
    unbounded(registry, "$radiansToDegrees", x -> x * (180 / Math.PI));
    InOrderCall.register(registry, "$atan2", Arity.exactly(2), Trigonometry::atan2);
  }

  private static void bounded(
      OperatorRegistry.Builder registry, String name, Domain domain, DoubleUnaryOperator f) {
    registry.function(
        name,
        Arity.exactly(1),
        NumericFunction.of(
            name,
            value -> {
              double x = asDouble(name, value);
              if (Double.isNaN(x)) {
                return value;
              }
              if (!domain.contains(x)) {
                throw new MongoLakeException(
                    ErrorCode.LOCATION_50989,
                    "cannot apply "
                        + name
                        + " to "
                        + DoubleText.printfG(x)
                        + ", value must in "
                        + domain.text());
              }
              return new BsonDouble(f.applyAsDouble(x));
            }));
  }

  private static void unbounded(
      OperatorRegistry.Builder registry, String name, DoubleUnaryOperator f) {
    registry.function(
        name,
        Arity.exactly(1),
        NumericFunction.of(name, value -> new BsonDouble(f.applyAsDouble(asDouble(name, value)))));
  }

  private static double asDouble(String name, BsonValue value) {
    if (value.isDecimal128()) {
      throw NumericFunction.decimalNotSupported(name);
    }
    return NumericCoercion.toDouble(value);
  }

  private static BsonValue atan2(InOrderCall.Operands operands) {
    BsonValue y = operands.get(0);
    if (ExpressionValues.isNullish(y)) {
      return BsonNull.VALUE;
    }
    if (!ExpressionValues.isNumber(y)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51044,
          "$atan2 only supports numeric types, not " + TypeOperators.typeName(y));
    }
    BsonValue x = operands.get(1);
    if (ExpressionValues.isNullish(x)) {
      return BsonNull.VALUE;
    }
    if (!ExpressionValues.isNumber(x)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51045,
          "$atan2 only supports numeric types, not " + TypeOperators.typeName(x));
    }
    return new BsonDouble(StrictMath.atan2(asDouble("$atan2", y), asDouble("$atan2", x)));
  }

  // Java has no inverse hyperbolic functions; these forms stay accurate near zero and far out.
  private static double asinh(double x) {
    double a = Math.abs(x);
    double result =
        a > 0x1p28
            ? StrictMath.log(a) + StrictMath.log(2)
            : StrictMath.log1p(a + a * a / (1 + StrictMath.sqrt(1 + a * a)));
    return Math.copySign(result, x);
  }

  private static double acosh(double x) {
    if (x > 0x1p28) {
      return StrictMath.log(x) + StrictMath.log(2);
    }
    double t = x - 1;
    return StrictMath.log1p(t + StrictMath.sqrt(2 * t + t * t));
  }

  private static double atanh(double x) {
    double a = Math.abs(x);
    return Math.copySign(0.5 * StrictMath.log1p(2 * a / (1 - a)), x);
  }
}
