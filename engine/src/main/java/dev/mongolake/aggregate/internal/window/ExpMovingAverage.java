package dev.mongolake.aggregate.internal.window;

import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import java.math.BigDecimal;
import java.math.MathContext;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code $expMovingAvg: {input, N | alpha}}: the exponential moving average from the partition's
 * start through the current document, {@code alpha} being {@code 2 / (N + 1)} with {@code N}.
 * Non-numeric inputs leave the average as it was (null before the first number). The average is a
 * Double, a Decimal128 from a Decimal128 input on.
 *
 * @param specification the function as written
 * @param input the averaged expression
 * @param alpha the weight of each new value, in (0, 1)
 */
record ExpMovingAverage(BsonDocument specification, Expression input, BigDecimal alpha)
    implements WindowFunction {

  private static final String SHAPE =
      "$expMovingAvg sub object must have exactly two fields: An 'input' field, and either an 'N'"
          + " field or an 'alpha' field";

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    if (specification.size() != 1 || !specification.get(name).isDocument()) {
      throw WindowSpecs.failed("$expMovingAvg must have exactly one argument that is an object");
    }
    BsonDocument arguments = specification.getDocument(name);
    if (arguments.size() != 2 || !arguments.containsKey("input")) {
      throw WindowSpecs.failed(SHAPE);
    }
    if (!sortBy.present()) {
      throw WindowSpecs.failed("$expMovingAvg requires an explicit 'sortBy'");
    }
    Expression input = ExpressionParser.parse(arguments.get("input"), scope);
    BigDecimal alpha;
    if (arguments.containsKey("N")) {
      BsonValue n = arguments.get("N");
      if (!WindowArithmetic.isNumber(n)) {
        throw WindowSpecs.failed(
            "'N' field must be an integer, but found type " + WindowBounds.typeName(n));
      }
      double value = WindowArithmetic.toDouble(n);
      if (value != Math.floor(value)) {
        throw WindowSpecs.failed(
            "'N' field must be an integer, but found  "
                + WindowSpecs.element("N", n)
                + ". To use a non-integer, use the 'alpha' argument instead");
      }
      if ((long) value <= 0) {
        throw WindowSpecs.failed("'N' must be greater than zero. Got " + (long) value);
      }
      alpha =
          BigDecimal.valueOf(2)
              .divide(BigDecimal.valueOf((long) value + 1), MathContext.DECIMAL128);
    } else if (arguments.containsKey("alpha")) {
      BsonValue given = arguments.get("alpha");
      if (!WindowArithmetic.isNumber(given)) {
        throw WindowSpecs.failed("'alpha' must be a number");
      }
      double approximate = WindowArithmetic.toDouble(given);
      if (!(approximate > 0 && approximate <= 1)) {
        throw WindowSpecs.failed(
            "'alpha' must be between 0 and 1 (exclusive), found "
                + WindowSpecs.element("alpha", given));
      }
      alpha =
          WindowArithmetic.isDecimal(given)
              ? given.asDecimal128().getValue().bigDecimalValue()
              : BigDecimal.valueOf(approximate);
      if (alpha.signum() <= 0 || alpha.compareTo(BigDecimal.ONE) >= 0) {
        throw WindowSpecs.failed(
            "'alpha' must be between 0 and 1 (exclusive), found "
                + WindowSpecs.element("alpha", given));
      }
    } else {
      throw WindowSpecs.failed("Got unrecognized field in $expMovingAvg" + SHAPE);
    }
    return new ExpMovingAverage(specification, input, alpha);
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    BsonValue[] values = partition.evaluate(input);
    BsonValue[] out = new BsonValue[values.length];
    BigDecimal rest = BigDecimal.ONE.subtract(alpha);
    BigDecimal average = null;
    boolean decimal = false;
    for (int i = 0; i < values.length; i++) {
      BsonValue value = values[i];
      if (WindowArithmetic.isNumber(value)) {
        // MongoDB averages in Decimal128 and answers a Double unless it saw a Decimal128.
        decimal |= WindowArithmetic.isDecimal(value);
        BigDecimal next = decimalOf(value);
        average =
            average == null
                ? next
                : next.multiply(alpha, MathContext.DECIMAL128)
                    .add(average.multiply(rest, MathContext.DECIMAL128), MathContext.DECIMAL128);
      }
      if (average == null) {
        out[i] = BsonNull.VALUE;
      } else {
        out[i] =
            decimal
                ? new BsonDecimal128(new Decimal128(average))
                : new org.bson.BsonDouble(average.doubleValue());
      }
    }
    return out;
  }

  private static BigDecimal decimalOf(BsonValue value) {
    if (!Double.isFinite(WindowArithmetic.toDouble(value))
        && !(WindowArithmetic.isDecimal(value) && value.asDecimal128().getValue().isFinite())) {
      throw new dev.mongolake.MongoLakeException(
          dev.mongolake.ErrorCode.NOT_IMPLEMENTED,
          "$expMovingAvg over NaN or infinite values is not supported");
    }
    if (WindowArithmetic.isDecimal(value)) {
      return dev.mongolake.bson.DecimalValues.finite(value.asDecimal128().getValue());
    }
    return switch (value.getBsonType()) {
      case INT32 -> BigDecimal.valueOf(value.asInt32().getValue());
      case INT64 -> BigDecimal.valueOf(value.asInt64().getValue());
      default -> BigDecimal.valueOf(value.asDouble().getValue());
    };
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    input.addDependencies(dependencies);
  }

  @Override
  public BsonDocument explain() {
    return specification;
  }
}
