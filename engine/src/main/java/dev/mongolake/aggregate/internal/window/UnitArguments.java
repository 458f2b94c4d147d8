package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The specification shared by {@code $derivative} and {@code $integral}: {@code {<name>: {input,
 * unit}, window}} over a single-field, non-expression {@code sortBy}; the unit is {@code week} or
 * smaller.
 *
 * @param input the differentiated or integrated expression
 * @param unit the time unit of the sortBy dates, or null for numbers
 * @param bounds the window, or null when none was given
 */
record UnitArguments(Expression input, TimeUnit unit, WindowBounds bounds) {

  static UnitArguments parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    if (!sortBy.present()) {
      throw WindowSpecs.failed(name + " requires a sortBy");
    }
    if (sortBy.size() != 1) {
      throw WindowSpecs.failed(name + " requires a non-compound sortBy");
    }
    WindowBounds bounds = null;
    for (Map.Entry<String, BsonValue> entry : specification.entrySet()) {
      if (entry.getKey().equals("window")) {
        bounds = WindowBounds.parse(entry.getValue(), sortBy, scope);
      } else if (!entry.getKey().equals(name)) {
        throw WindowSpecs.failed(name + " got unexpected argument: " + entry.getKey());
      }
    }
    BsonValue arguments = specification.get(name);
    if (!arguments.isDocument()) {
      throw WindowSpecs.failed(
          name
              + " expects an object, but got a "
              + WindowBounds.typeName(arguments)
              + ": "
              + WindowSpecs.element(name, arguments));
    }
    Expression input = null;
    TimeUnit unit = null;
    for (Map.Entry<String, BsonValue> argument : arguments.asDocument().entrySet()) {
      switch (argument.getKey()) {
        case "input" -> input = ExpressionParser.parse(argument.getValue(), scope);
        case "unit" -> unit = unit(argument.getValue());
        default ->
            throw WindowSpecs.failed(name + " got unexpected argument: " + argument.getKey());
      }
    }
    if (input == null) {
      throw WindowSpecs.failed(name + " requires an 'input' expression");
    }
    return new UnitArguments(input, unit, bounds);
  }

  private static TimeUnit unit(BsonValue value) {
    if (!value.isString()) {
      throw WindowSpecs.failed("unit' must be a string, but got " + WindowBounds.typeName(value));
    }
    TimeUnit unit = TimeUnit.parse(value.asString().getValue());
    if (!unit.isFixed()) {
      throw new MongoLakeException(ErrorCode.LOCATION_5490710, "unit must be 'week' or smaller");
    }
    return unit;
  }
}
