package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $locf} (the last non-null value so far) and {@code $linearFill} (null and missing values
 * interpolated linearly against the single sortBy field between the nearest non-null values on
 * either side; null where a side has none). Non-null values pass through.
 *
 * @param specification the function as written
 * @param linear whether this is {@code $linearFill}
 * @param input the filled expression
 */
record FillFunction(BsonDocument specification, boolean linear, Expression input)
    implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    WindowSpecs.noWindow(name, specification);
    boolean linear = name.equals("$linearFill");
    if (linear) {
      WindowSpecs.singleSortField(name, sortBy, ErrorCode.LOCATION_605001);
    }
    return new FillFunction(
        specification, linear, ExpressionParser.parse(specification.get(name), scope));
  }

  private static boolean nullish(BsonValue value) {
    return value == null || value.isNull();
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    BsonValue[] values = partition.evaluate(input);
    return linear ? linearFill(values, partition.sortValues()) : lastObservation(values);
  }

  private static BsonValue[] lastObservation(BsonValue[] values) {
    BsonValue[] out = new BsonValue[values.length];
    BsonValue last = BsonNull.VALUE;
    for (int i = 0; i < values.length; i++) {
      if (!nullish(values[i])) {
        last = values[i];
      }
      out[i] = AccumulatorWindow.copy(last);
    }
    return out;
  }

  private static BsonValue[] linearFill(BsonValue[] y, BsonValue[] x) {
    BsonValue previousX = null;
    for (int i = 0; i < y.length; i++) {
      if (!nullish(y[i]) && !WindowArithmetic.isNumber(y[i])) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "Value to be filled must be numeric or nullish, but found "
                + WindowBounds.typeName(y[i]));
      }
      BsonValue sort = x[i];
      boolean date = sort != null && sort.isDateTime();
      if (!date && !WindowArithmetic.isNumber(sort)) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "Value of the sortBy field must be numeric or a date, but found "
                + WindowBounds.typeName(sort));
      }
      if (previousX != null) {
        // Numbers and dates only (checked above): no collation applies.
        if (dev.mongolake.delta.order.BsonComparisonOrder.INSTANCE.compare(previousX, sort) == 0) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_6050106, "There can be no repeated values in the sort field");
        }
        if (previousX.isDateTime() != date) {
          throw new MongoLakeException(
              ErrorCode.TYPE_MISMATCH,
              "Conflicting sort value types, previously received type "
                  + WindowBounds.typeName(previousX)
                  + ", but found "
                  + WindowBounds.typeName(sort));
        }
      }
      previousX = sort;
    }
    BsonValue[] out = new BsonValue[y.length];
    int before = -1; // the last non-null position so far
    int after = -1; // the next non-null position at or after i
    for (int i = 0; i < y.length; i++) {
      if (!nullish(y[i])) {
        out[i] = y[i];
        before = i;
        continue;
      }
      if (after < i) {
        after = i;
        while (after < y.length && nullish(y[after])) {
          after++;
        }
      }
      if (before < 0 || after >= y.length) {
        out[i] = BsonNull.VALUE;
        continue;
      }
      BsonValue slope =
          WindowArithmetic.divide(
              WindowArithmetic.subtract(y[after], y[before]),
              WindowArithmetic.subtract(x[after], x[before]));
      out[i] =
          WindowArithmetic.add(
              y[before],
              WindowArithmetic.multiply(WindowArithmetic.subtract(x[i], x[before]), slope));
    }
    return out;
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
