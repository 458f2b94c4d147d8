package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $integral: {input, unit}}: the area under {@code input} against the sortBy field over each
 * window by the trapezoidal rule (per {@code unit} for dates); null for an empty window, NaN when a
 * point is NaN.
 *
 * @param specification the function as written
 * @param arguments input, unit and window (the whole partition by default)
 */
record Integral(BsonDocument specification, UnitArguments arguments) implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    return new Integral(specification, UnitArguments.parse(name, specification, sortBy, scope));
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    BsonValue[] x = partition.sortValues();
    BsonValue[] y = partition.evaluate(arguments.input());
    for (int i = 0; i < y.length; i++) {
      check(x[i], y[i]);
    }
    WindowBounds bounds =
        arguments.bounds() == null ? WindowBounds.WHOLE_PARTITION : arguments.bounds();
    WindowBounds.Frames frames = bounds.frames(partition.size(), x);
    BsonValue[] out = new BsonValue[y.length];
    for (int i = 0; i < y.length; i++) {
      out[i] = area(x, y, frames.from()[i], frames.to()[i]);
    }
    return out;
  }

  private void check(BsonValue x, BsonValue y) {
    boolean xOk = WindowArithmetic.isNumber(x) || (x != null && x.isDateTime());
    if (!xOk || !WindowArithmetic.isNumber(y)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5423900,
          "The input value of $integral window function must be a vector of 2 value, the first"
              + " value must be numeric or date type and the second must be numeric.");
    }
    if (arguments.unit() != null && !x.isDateTime()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5423901,
          "$integral with 'outputUnit' expects the sortBy field to be a Date");
    }
    if (arguments.unit() == null && !WindowArithmetic.isNumber(x)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5423902,
          "$integral (with no 'outputUnit') expects the sortBy field to be numeric");
    }
  }

  private BsonValue area(BsonValue[] x, BsonValue[] y, int from, int to) {
    if (from > to) {
      return BsonNull.VALUE;
    }
    BsonValue total = new BsonInt32(0);
    for (int j = from; j <= to; j++) {
      if (isNaN(x[j]) || isNaN(y[j])) {
        return new BsonDouble(Double.NaN);
      }
    }
    for (int j = from + 1; j <= to; j++) {
      BsonValue delta = WindowArithmetic.subtract(x[j], x[j - 1]);
      BsonValue heights = WindowArithmetic.add(y[j], y[j - 1]);
      BsonValue trapezoid =
          WindowArithmetic.divide(WindowArithmetic.multiply(heights, delta), new BsonDouble(2.0));
      total = WindowArithmetic.add(total, trapezoid);
    }
    if (arguments.unit() != null) {
      total = WindowArithmetic.divide(total, new BsonInt64(arguments.unit().millis()));
    }
    return total;
  }

  private static boolean isNaN(BsonValue value) {
    if (value.isDouble()) {
      return Double.isNaN(value.asDouble().getValue());
    }
    return WindowArithmetic.isDecimal(value) && value.asDecimal128().getValue().isNaN();
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    arguments.input().addDependencies(dependencies);
  }

  @Override
  public BsonDocument explain() {
    return specification;
  }
}
