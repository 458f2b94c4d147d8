package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $derivative: {input, unit}}: the rise of {@code input} over the run of the sortBy field
 * between the first and last documents of each window (per {@code unit} for dates); null for a
 * window with no run.
 *
 * @param specification the function as written
 * @param arguments input, unit and the (required) window
 */
record Derivative(BsonDocument specification, UnitArguments arguments) implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    UnitArguments arguments = UnitArguments.parse(name, specification, sortBy, scope);
    if (arguments.bounds() == null) {
      throw WindowSpecs.failed("$derivative requires explicit window bounds");
    }
    return new Derivative(specification, arguments);
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    BsonValue[] x = partition.sortValues();
    BsonValue[] y = partition.evaluate(arguments.input());
    WindowBounds.Frames frames = arguments.bounds().frames(partition.size(), x);
    BsonValue[] out = new BsonValue[y.length];
    for (int i = 0; i < y.length; i++) {
      int left = frames.from()[i];
      int right = frames.to()[i];
      out[i] = left > right ? BsonNull.VALUE : slope(x[left], x[right], y[left], y[right]);
    }
    return out;
  }

  private BsonValue slope(BsonValue x1, BsonValue x2, BsonValue y1, BsonValue y2) {
    if (arguments.unit() != null) {
      if (x1 == null || x2 == null || !x1.isDateTime() || !x2.isDateTime()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5624900,
            "$derivative with 'unit' expects the sortBy field to be a Date");
      }
    } else {
      if ((x1 != null && x1.isDateTime()) || (x2 != null && x2.isDateTime())) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5624901,
            "$derivative where the sortBy is a Date requires an 'unit'");
      }
      if (!WindowArithmetic.isNumber(x1) || !WindowArithmetic.isNumber(x2)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5624902,
            "$derivative (with no 'unit') expects the sortBy field to be numeric");
      }
    }
    BsonValue run = WindowArithmetic.subtract(x2, x1);
    if (y1 == null || y2 == null || y1.isNull() || y2.isNull()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5624903, "$derivative input must not be null or missing");
    }
    boolean numbers = WindowArithmetic.isNumber(y1) && WindowArithmetic.isNumber(y2);
    boolean dates = y1.isDateTime() && y2.isDateTime();
    if (!numbers && !dates) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16556,
          "cant $subtract a " + WindowBounds.typeName(y1) + " from a " + WindowBounds.typeName(y2));
    }
    if (WindowArithmetic.isZero(run)) {
      return BsonNull.VALUE; // a window of one document, or of equal sortBy values
    }
    BsonValue result = WindowArithmetic.divide(WindowArithmetic.subtract(y2, y1), run);
    if (arguments.unit() != null) {
      result = WindowArithmetic.multiply(result, new BsonInt64(arguments.unit().millis()));
    }
    return result;
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
