package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $sortArray: {input, sortBy}}: sorts an array in MongoDB's value order, strings by the
 * command's collation. {@code sortBy: 1 | -1} sorts whole values; {@code sortBy: {a: 1, "b.c": -1}}
 * sorts by fields, an element that is not a document (or lacks the field) sorting as if the field
 * were null, and a field holding an array comparing as that whole array (MongoDB extracts the keys
 * by path, it does not look inside arrays as {@code $sort} does). Equal elements keep their order.
 */
final class ArraySorting {

  private ArraySorting() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.operator("$sortArray", ArraySorting::parse);
  }

  private static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_2942500,
          "$sortArray requires an object as an argument, found: " + BsonTypeNames.of(arguments));
    }
    Expression input = null;
    Comparator<BsonValue> order = null;
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      switch (field.getKey()) {
        case "input" -> input = ExpressionParser.parse(field.getValue(), scope);
        case "sortBy" -> order = order(field.getValue(), scope.order());
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_2942501,
                "$sortArray found an unknown argument: " + field.getKey());
      }
    }
    if (input == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_2942502, "$sortArray requires 'input' to be specified");
    }
    if (order == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_2942503, "$sortArray requires 'sortBy' to be specified");
    }
    return new SortArray(input, order);
  }

  private static Comparator<BsonValue> order(BsonValue sortBy, BsonComparisonOrder values) {
    if (!(sortBy instanceof BsonDocument fields)) {
      return direction(sortBy) > 0 ? values : values.reversed();
    }
    if (fields.isEmpty()) {
      throw badDirection();
    }
    Comparator<BsonValue> order = null;
    for (Map.Entry<String, BsonValue> field : fields.entrySet()) {
      String[] path = field.getKey().split("\\.", -1);
      int direction = direction(field.getValue());
      Comparator<BsonValue> byField =
          (a, b) -> direction * values.compare(key(a, path), key(b, path));
      order = order == null ? byField : order.thenComparing(byField);
    }
    return order;
  }

  private static int direction(BsonValue value) {
    if (!ExpressionValues.isNumber(value)) {
      throw badDirection();
    }
    double direction = NumericArgument.asDouble(value);
    if (direction != 1 && direction != -1) {
      throw badDirection();
    }
    return (int) direction;
  }

  private static MongoLakeException badDirection() {
    return new MongoLakeException(
        ErrorCode.LOCATION_2942506, "The $sort element value must be either 1 or -1");
  }

  /**
   * The value at a dotted path through documents only, or null: MongoDB's {@code $sortArray} does
   * not traverse arrays on the key, and a component like {@code 1} is a field name, not a position.
   */
  private static BsonValue key(BsonValue element, String[] path) {
    BsonValue current = element;
    for (String name : path) {
      current = current instanceof BsonDocument document ? document.get(name) : null;
      if (current == null) {
        return BsonNull.VALUE;
      }
    }
    return current;
  }

  /** A parsed {@code $sortArray}. */
  private record SortArray(Expression input, Comparator<BsonValue> order)
      implements EvaluatedPerDocument {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue value = input.evaluate(variables);
      if (ExpressionValues.isNullish(value)) {
        return BsonNull.VALUE;
      }
      if (!(value instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_2942504,
            "The input argument to $sortArray must be an array, but was of type: "
                + BsonTypeNames.of(value));
      }
      List<BsonValue> sorted = new ArrayList<>(array);
      sorted.sort(order);
      return new BsonArray(sorted);
    }

    @Override
    public List<Expression> children() {
      return List.of(input);
    }
  }
}
