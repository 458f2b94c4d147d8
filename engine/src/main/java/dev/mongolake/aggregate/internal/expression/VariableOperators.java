package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** {@code $literal} and {@code $let}: the operators about values and variables themselves. */
final class VariableOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.operator("$literal", (name, arguments, scope) -> new Constant(arguments));
    registry.operator("$let", VariableOperators::let);
  }

  /**
   * {@code {$let: {vars: {x: <expr>, ...}, in: <expr>}}}: the variables are evaluated in the
   * enclosing scope (they cannot see each other), then {@code in} with them bound.
   */
  private static Expression let(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16874, "$let only supports an object as its argument");
    }
    for (String field : spec.keySet()) {
      if (!field.equals("vars") && !field.equals("in")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16875, "Unrecognized parameter to $let: " + field);
      }
    }
    if (!spec.containsKey("vars")) {
      throw new MongoLakeException(ErrorCode.LOCATION_16876, "Missing 'vars' parameter to $let");
    }
    if (!spec.containsKey("in")) {
      throw new MongoLakeException(ErrorCode.LOCATION_16877, "Missing 'in' parameter to $let");
    }
    if (!spec.get("vars").isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_10065, "invalid parameter: expected an object (vars)");
    }
    List<Expression> values = new ArrayList<>();
    VariableScope inner = scope;
    List<Integer> slots = new ArrayList<>();
    for (Map.Entry<String, BsonValue> variable : spec.getDocument("vars").entrySet()) {
      values.add(ExpressionParser.parse(variable.getValue(), scope));
      inner = inner.define(variable.getKey());
      slots.add(inner.slotOf(variable.getKey()));
    }
    Expression body = ExpressionParser.parse(spec.get("in"), inner);
    return new Let(values, slots.stream().mapToInt(Integer::intValue).toArray(), body);
  }

  /** A {@code $let}: binds the slots for the body's evaluation, then restores them. */
  private record Let(List<Expression> values, int[] slots, Expression body) implements Expression {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue[] bound = new BsonValue[slots.length];
      for (int i = 0; i < slots.length; i++) {
        bound[i] = values.get(i).evaluate(variables);
      }
      BsonValue[] previous = new BsonValue[slots.length];
      for (int i = 0; i < slots.length; i++) {
        previous[i] = variables.set(slots[i], bound[i]);
      }
      try {
        return body.evaluate(variables);
      } finally {
        for (int i = 0; i < slots.length; i++) {
          variables.set(slots[i], previous[i]);
        }
      }
    }

    @Override
    public List<Expression> children() {
      List<Expression> all = new ArrayList<>(values);
      all.add(body);
      return all;
    }
  }
}
