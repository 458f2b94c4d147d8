package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $map}, {@code $filter} and {@code $reduce}: evaluate a body once per element with the
 * element bound to a variable ({@code as}, default {@code this}; {@code $reduce} binds {@code
 * $$this} and the running {@code $$value}). The input is parsed in the enclosing scope and the body
 * in a child scope that defines the variables, so the body may also read outer variables. Bindings
 * are restored after each evaluation, so that nested operators using the same name see their own.
 */
final class ArrayHigherOrder {

  private ArrayHigherOrder() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.operator("$map", ArrayHigherOrder::map);
    registry.operator("$filter", ArrayHigherOrder::filter);
    registry.operator("$reduce", ArrayHigherOrder::reduce);
  }

  private static Expression map(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16878, "$map only supports an object as its argument");
    }
    for (String field : spec.keySet()) {
      if (!field.equals("input") && !field.equals("as") && !field.equals("in")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16879, "Unrecognized parameter to $map: " + field);
      }
    }
    if (!spec.containsKey("input")) {
      throw new MongoLakeException(ErrorCode.LOCATION_16880, "Missing 'input' parameter to $map");
    }
    if (!spec.containsKey("in")) {
      throw new MongoLakeException(ErrorCode.LOCATION_16882, "Missing 'in' parameter to $map");
    }
    Expression input = ExpressionParser.parse(spec.get("input"), scope);
    String as = variableName(spec.get("as"));
    VariableScope inner = scope.define(as);
    return new MapExpression(
        input, inner.slotOf(as), ExpressionParser.parse(spec.get("in"), inner));
  }

  private static Expression filter(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28646, "$filter only supports an object as its argument");
    }
    for (String field : spec.keySet()) {
      if (!List.of("input", "as", "cond", "limit").contains(field)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28647, "Unrecognized parameter to $filter: " + field);
      }
    }
    if (!spec.containsKey("input")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_28648, "Missing 'input' parameter to $filter");
    }
    if (!spec.containsKey("cond")) {
      throw new MongoLakeException(ErrorCode.LOCATION_28650, "Missing 'cond' parameter to $filter");
    }
    Expression input = ExpressionParser.parse(spec.get("input"), scope);
    String as = variableName(spec.get("as"));
    VariableScope inner = scope.define(as);
    Expression cond = ExpressionParser.parse(spec.get("cond"), inner);
    Expression limit =
        spec.containsKey("limit") ? ExpressionParser.parse(spec.get("limit"), scope) : null;
    return new FilterExpression(input, inner.slotOf(as), cond, limit);
  }

  private static Expression reduce(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40075,
          "$reduce requires an object as an argument, found: " + BsonTypeNames.of(arguments));
    }
    Expression input = null;
    Expression initialValue = null;
    BsonValue in = null;
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      switch (field.getKey()) {
        case "input" -> input = ExpressionParser.parse(field.getValue(), scope);
        case "initialValue" -> initialValue = ExpressionParser.parse(field.getValue(), scope);
        case "in" -> in = field.getValue();
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_40076, "$reduce found an unknown argument: " + field.getKey());
      }
    }
    if (input == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40077, "$reduce requires 'input' to be specified");
    }
    if (initialValue == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40078, "$reduce requires 'initialValue' to be specified");
    }
    if (in == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40079, "$reduce requires 'in' to be specified");
    }
    VariableScope inner = scope.define("this").define("value");
    return new ReduceExpression(
        input,
        initialValue,
        inner.slotOf("this"),
        inner.slotOf("value"),
        ExpressionParser.parse(in, inner));
  }

  /** {@code as}: "this" when absent; a value that is not a string is MongoDB's empty name. */
  private static String variableName(BsonValue as) {
    if (as == null) {
      return "this";
    }
    return as.isString() ? as.asString().getValue() : "";
  }

  /** Evaluates {@code body} with {@code slot} bound to {@code value}, then restores the slot. */
  private static BsonValue withBinding(
      Variables variables, int slot, BsonValue value, Expression body) {
    BsonValue previous = variables.set(slot, value);
    try {
      return body.evaluate(variables);
    } finally {
      variables.set(slot, previous);
    }
  }

  /** A parsed {@code $map}. */
  private record MapExpression(Expression input, int slot, Expression in)
      implements EvaluatedPerDocument {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue value = input.evaluate(variables);
      if (ExpressionValues.isNullish(value)) {
        return BsonNull.VALUE;
      }
      if (!(value instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16883,
            "input to $map must be an array not " + BsonTypeNames.of(value));
      }
      List<BsonValue> out = new ArrayList<>(array.size());
      for (BsonValue element : array) {
        BsonValue mapped = withBinding(variables, slot, element, in);
        // An array cannot hold "missing": MongoDB stores null.
        out.add(mapped == null ? BsonNull.VALUE : mapped);
      }
      return new BsonArray(out);
    }

    @Override
    public List<Expression> children() {
      return List.of(input, in);
    }
  }

  /** A parsed {@code $filter}; {@code limit} is null when not given. */
  private record FilterExpression(Expression input, int slot, Expression cond, Expression limit)
      implements EvaluatedPerDocument {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue value = input.evaluate(variables);
      if (ExpressionValues.isNullish(value)) {
        return BsonNull.VALUE;
      }
      if (!(value instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_28651,
            "input to $filter must be an array not " + BsonTypeNames.of(value));
      }
      if (array.isEmpty()) {
        return array;
      }
      int remaining = limit == null ? Integer.MAX_VALUE : limit(limit.evaluate(variables));
      List<BsonValue> out = new ArrayList<>();
      for (BsonValue element : array) {
        if (ExpressionValues.isTrue(withBinding(variables, slot, element, cond))) {
          out.add(element);
          if (--remaining == 0) {
            break;
          }
        }
      }
      return new BsonArray(out);
    }

    /** A null or missing limit means no limit. */
    private static int limit(BsonValue value) {
      if (ExpressionValues.isNullish(value)) {
        return Integer.MAX_VALUE;
      }
      OptionalInt whole = NumericArgument.int32(value);
      if (whole.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_327391,
            "$filter: limit must be represented as a 32-bit integral value: "
                + ValueText.of(value));
      }
      if (whole.getAsInt() <= 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_327392,
            "$filter: limit must be greater than 0: " + ValueText.of(value));
      }
      return whole.getAsInt();
    }

    @Override
    public List<Expression> children() {
      return limit == null ? List.of(input, cond) : List.of(input, cond, limit);
    }
  }

  /** A parsed {@code $reduce}. */
  private record ReduceExpression(
      Expression input, Expression initialValue, int thisSlot, int valueSlot, Expression in)
      implements EvaluatedPerDocument {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue value = input.evaluate(variables);
      if (ExpressionValues.isNullish(value)) {
        return BsonNull.VALUE;
      }
      if (!(value instanceof BsonArray array)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40080,
            "$reduce requires that 'input' be an array, found: " + ValueText.of(value));
      }
      BsonValue accumulated = initialValue.evaluate(variables);
      BsonValue previousThis = variables.get(thisSlot);
      BsonValue previousValue = variables.get(valueSlot);
      try {
        for (BsonValue element : array) {
          variables.set(thisSlot, element);
          variables.set(valueSlot, accumulated);
          accumulated = in.evaluate(variables);
        }
      } finally {
        variables.set(thisSlot, previousThis);
        variables.set(valueSlot, previousValue);
      }
      return accumulated;
    }

    @Override
    public List<Expression> children() {
      return List.of(input, initialValue, in);
    }
  }
}
