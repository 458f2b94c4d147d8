package dev.mongolake.aggregate.internal.window;

import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $shift: {output, by, default}}: {@code output} evaluated on the document {@code by}
 * positions away in the partition, or the constant {@code default} (null unless given) when there
 * is none there. A missing value (read or default) leaves the output field out.
 *
 * @param specification the function as written
 * @param output the expression read from the other document
 * @param by the offset
 * @param fallback the value when the offset leaves the partition
 */
record ShiftFunction(BsonDocument specification, Expression output, int by, BsonValue fallback)
    implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    ShiftFunction shift = null;
    for (Map.Entry<String, BsonValue> entry : specification.entrySet()) {
      String key = entry.getKey();
      if (key.equals("window")) {
        throw WindowSpecs.failed("$shift does not accept a 'window' field");
      } else if (key.equals(name)) {
        if (!entry.getValue().isDocument()) {
          throw WindowSpecs.failed("Argument to $shift must be an object");
        }
        shift = arguments(specification, name, entry.getValue().asDocument(), scope);
      } else if (WindowFunctions.isFunction(key)) {
        throw WindowSpecs.failed("Cannot specify multiple functions in window function spec");
      } else {
        throw WindowSpecs.failed("Window function found an unknown argument: " + key);
      }
    }
    if (!sortBy.present()) {
      throw WindowSpecs.failed("'" + name + "' requires a sortBy");
    }
    return shift;
  }

  private static ShiftFunction arguments(
      BsonDocument specification, String name, BsonDocument arguments, VariableScope scope) {
    Expression output = null;
    Integer by = null;
    BsonValue fallback = BsonNull.VALUE;
    for (Map.Entry<String, BsonValue> entry : arguments.entrySet()) {
      switch (entry.getKey()) {
        case "output" -> output = ExpressionParser.parse(entry.getValue(), scope);
        case "default" -> {
          Expression value = ExpressionParser.parse(entry.getValue(), scope);
          if (!value.isConstant()) {
            throw WindowSpecs.failed("'$shift:default' expression must yield a constant value.");
          }
          BsonValue constant = value.evaluate(null);
          fallback = constant; // $$REMOVE: the output is missing there too
        }
        case "by" -> {
          by = WindowBounds.integral(entry.getValue());
          if (by == null) {
            throw WindowSpecs.failed(
                "'$shift:by' field must be an integer, but found  "
                    + WindowSpecs.element("by", entry.getValue()));
          }
        }
        default -> throw WindowSpecs.failed("Unknown argument in " + name);
      }
    }
    if (output == null) {
      throw WindowSpecs.failed(name + " requires an 'output' expression.");
    }
    if (by == null) {
      throw WindowSpecs.failed(name + " requires 'by' as an integer value.");
    }
    return new ShiftFunction(specification, output, by, fallback);
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    BsonValue[] values = partition.evaluate(output);
    BsonValue[] out = new BsonValue[values.length];
    for (int i = 0; i < values.length; i++) {
      long target = (long) i + by;
      if (target < 0 || target >= values.length) {
        out[i] = fallback;
      } else {
        out[i] = AccumulatorWindow.copy(values[(int) target]); // missing stays missing
      }
    }
    return out;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    output.addDependencies(dependencies);
  }

  @Override
  public BsonDocument explain() {
    return specification;
  }
}
