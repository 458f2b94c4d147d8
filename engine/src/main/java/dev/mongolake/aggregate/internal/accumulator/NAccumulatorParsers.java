package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Constant;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.read.SortOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Parsers of the accumulators with named arguments and an {@code n}: {@code $firstN}, {@code
 * $lastN}, {@code $minN}, {@code $maxN} ({@code {n, input}}) and {@code $top}, {@code $bottom},
 * {@code $topN}, {@code $bottomN} ({@code {n, sortBy, output}}), with MongoDB's errors.
 */
final class NAccumulatorParsers {
  private NAccumulatorParsers() {}

  /** {@code $firstN}/{@code $lastN}. */
  static AccumulatorParser firstLastN(boolean first) {
    return (name, argument, scope) -> {
      NInput parsed = nInput(name, argument, ErrorCode.LOCATION_5787801, scope);
      return CountArgument.spec(
          name, parsed.input(), parsed.n(), n -> new FirstLastN(name, first, n));
    };
  }

  /** {@code $minN}/{@code $maxN}. */
  static AccumulatorParser minMaxN(boolean min) {
    return (name, argument, scope) -> {
      NInput parsed = nInput(name, argument, ErrorCode.LOCATION_5787900, scope);
      return CountArgument.spec(
          name, parsed.input(), parsed.n(), n -> new MinMaxN(name, min, n, scope.order()));
    };
  }

  private record NInput(Expression n, Expression input) {}

  private static NInput nInput(
      String name, BsonValue argument, ErrorCode notAnObject, VariableScope scope) {
    if (!argument.isDocument()) {
      throw new MongoLakeException(
          notAnObject,
          "specification must be an object; found " + BsonDebugText.element(name, argument));
    }
    Expression n = null;
    Expression input = null;
    for (Map.Entry<String, BsonValue> field : argument.asDocument().entrySet()) {
      switch (field.getKey()) {
        case "input" -> input = ExpressionParser.parse(field.getValue(), scope);
        case "n" -> n = ExpressionParser.parse(field.getValue(), scope);
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_5787901, "Unknown argument for 'n' operator: " + field.getKey());
      }
    }
    if (n == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_5787906, "Missing value for 'n'");
    }
    if (input == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_5787907, "Missing value for 'input'");
    }
    return new NInput(n, input);
  }

  /** {@code $top}/{@code $bottom} ({@code single}) and {@code $topN}/{@code $bottomN}. */
  static AccumulatorParser topBottom(boolean top, boolean single) {
    return (name, argument, scope) -> {
      if (!argument.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5788001,
            "specification must be an object; found " + BsonDebugText.element(name, argument));
      }
      Expression n = single ? new Constant(new BsonInt32(1)) : null;
      BsonValue output = null;
      BsonDocument sortBy = null;
      for (Map.Entry<String, BsonValue> field : argument.asDocument().entrySet()) {
        String key = field.getKey();
        if (!single && key.equals("n")) {
          n = ExpressionParser.parse(field.getValue(), scope);
          continue;
        }
        if (key.equals("output")) {
          output = field.getValue();
        } else if (key.equals("sortBy")) {
          if (!field.getValue().isDocument()) {
            throw new MongoLakeException(
                ErrorCode.LOCATION_10065, "invalid parameter: expected an object (sortBy)");
          }
          sortBy = field.getValue().asDocument();
        } else {
          throw new MongoLakeException(
              ErrorCode.LOCATION_5788002, "Unknown argument to " + name + " '" + key + "'");
        }
      }
      if (n == null) {
        throw new MongoLakeException(ErrorCode.LOCATION_5788003, "Missing value for 'n'");
      }
      if (output == null) {
        throw new MongoLakeException(ErrorCode.LOCATION_5788004, "Missing value for 'output'");
      }
      if (sortBy == null) {
        throw new MongoLakeException(ErrorCode.LOCATION_5788005, "Missing value for 'sortBy'");
      }
      SortKeyOrder order = sortOrder(name, sortBy, scope.order());
      // One input per document: [output, the value of each sort path].
      BsonArray input = new BsonArray();
      input.add(output);
      sortBy.keySet().forEach(path -> input.add(new BsonString("$" + path)));
      Expression parsed = ExpressionParser.parse(input, scope);
      return CountArgument.spec(
          name, parsed, n, count -> new TopBottom(name, top, single, count, order));
    };
  }

  private static SortKeyOrder sortOrder(
      String name, BsonDocument sortBy, BsonComparisonOrder values) {
    for (BsonValue direction : sortBy.values()) {
      if (direction.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot evaluate " + name + ": sorting by $meta in sortBy is not supported");
      }
    }
    SortOrder.parse(sortBy); // MongoDB's errors for the directions and paths
    List<Boolean> ascending = new ArrayList<>();
    sortBy.values().forEach(direction -> ascending.add(direction.asNumber().doubleValue() == 1));
    return new SortKeyOrder(ascending, values);
  }
}
