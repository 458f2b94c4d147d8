package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The array forms of the n-accumulators: {@code {$firstN | $lastN | $maxN | $minN: {n, input}}}.
 * {@code n} must be a positive whole number (checked first), {@code input} an array (null and
 * missing included, unlike most array operators). {@code $maxN} and {@code $minN} ignore null and
 * missing elements and answer the largest (smallest) first, strings ordered by the command's
 * collation.
 */
final class ArrayTakeN {

  private ArrayTakeN() {}

  /** How each operator picks its n elements from the input. */
  private enum Pick {
    FIRST(ErrorCode.LOCATION_5787801),
    LAST(ErrorCode.LOCATION_5787801),
    MAX(ErrorCode.LOCATION_5787900),
    MIN(ErrorCode.LOCATION_5787900);

    private final ErrorCode notAnObject;

    Pick(ErrorCode notAnObject) {
      this.notAnObject = notAnObject;
    }

    List<BsonValue> apply(BsonArray input, long n, BsonComparisonOrder order) {
      int count = (int) Math.min(n, input.size());
      return switch (this) {
        case FIRST -> new ArrayList<>(input.subList(0, count));
        case LAST -> new ArrayList<>(input.subList(input.size() - count, input.size()));
        case MAX, MIN -> extremes(input, n, order);
      };
    }

    private List<BsonValue> extremes(BsonArray input, long n, BsonComparisonOrder order) {
      List<BsonValue> present = new ArrayList<>();
      for (BsonValue element : input) {
        if (!ExpressionValues.isNullish(element)) {
          present.add(element);
        }
      }
      present.sort(this == MAX ? order.reversed() : order);
      return new ArrayList<>(present.subList(0, (int) Math.min(n, present.size())));
    }
  }

  static void register(OperatorRegistry.Builder registry) {
    registry.operator(
        "$firstN", (name, arguments, scope) -> parse(Pick.FIRST, name, arguments, scope));
    registry.operator(
        "$lastN", (name, arguments, scope) -> parse(Pick.LAST, name, arguments, scope));
    registry.operator("$maxN", (name, arguments, scope) -> parse(Pick.MAX, name, arguments, scope));
    registry.operator("$minN", (name, arguments, scope) -> parse(Pick.MIN, name, arguments, scope));
  }

  private static Expression parse(
      Pick pick, String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          pick.notAnObject,
          "specification must be an object; found " + BsonDebugText.element(name, arguments));
    }
    Expression n = null;
    Expression input = null;
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
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
    return new TakeN(pick, n, input, scope.order());
  }

  /** MongoDB's {@code AccumulatorN::validateN}. */
  private static long validN(BsonValue n) {
    if (!ExpressionValues.isNumber(n)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5787902,
          "Value for 'n' must be of integral type, but found " + ValueText.of(n));
    }
    OptionalLong whole = NumericArgument.int64(n);
    if (whole.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5787903,
          "Value for 'n' must be of integral type, but found " + ValueText.of(n));
    }
    if (whole.getAsLong() <= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5787908, "'n' must be greater than 0, found " + whole.getAsLong());
    }
    return whole.getAsLong();
  }

  /** A parsed n-operator. */
  private record TakeN(Pick pick, Expression n, Expression input, BsonComparisonOrder order)
      implements EvaluatedPerDocument {

    @Override
    public BsonValue evaluate(Variables variables) {
      long count = validN(n.evaluate(variables));
      if (!(input.evaluate(variables) instanceof BsonArray array)) {
        throw new MongoLakeException(ErrorCode.LOCATION_5788200, "Input must be an array");
      }
      return new BsonArray(pick.apply(array, count, order));
    }

    @Override
    public List<Expression> children() {
      return List.of(n, input);
    }
  }
}
