package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $cond} (array form or {@code {if, then, else}}), {@code $ifNull} (two or more arguments:
 * the first that is neither null nor missing, else the last) and {@code $switch} ({@link
 * SwitchExpression}). Only the branch taken is evaluated, so an error in another branch does not
 * surface, as in MongoDB.
 */
final class ConditionalOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    registry.operator("$cond", ConditionalOperators::cond);
    registry.operator("$ifNull", ConditionalOperators::ifNull);
    registry.operator("$switch", SwitchExpression::parse);
  }

  private static Expression cond(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      List<Expression> parsed = Arguments.list(arguments, scope);
      Arity.exactly(3).check(name, parsed.size());
      return new Cond(parsed.get(0), parsed.get(1), parsed.get(2));
    }
    Expression condition = null;
    Expression then = null;
    Expression otherwise = null;
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      Expression parsed = ExpressionParser.parse(field.getValue(), scope);
      switch (field.getKey()) {
        case "if" -> condition = parsed;
        case "then" -> then = parsed;
        case "else" -> otherwise = parsed;
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_17083, "Unrecognized parameter to $cond: " + field.getKey());
      }
    }
    if (condition == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_17080, "Missing 'if' parameter to $cond");
    }
    if (then == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_17081, "Missing 'then' parameter to $cond");
    }
    if (otherwise == null) {
      throw new MongoLakeException(ErrorCode.LOCATION_17082, "Missing 'else' parameter to $cond");
    }
    return new Cond(condition, then, otherwise);
  }

  private static Expression ifNull(String name, BsonValue arguments, VariableScope scope) {
    List<Expression> parsed = Arguments.list(arguments, scope);
    if (parsed.size() < 2) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_1257300,
          "$ifNull needs at least two arguments, had: " + parsed.size());
    }
    return new IfNull(parsed);
  }

  /** {@code $cond}: evaluates {@code then} or {@code otherwise} by the condition's truth. */
  private record Cond(Expression condition, Expression then, Expression otherwise)
      implements Expression {

    @Override
    public BsonValue evaluate(Variables variables) {
      return ExpressionValues.isTrue(condition.evaluate(variables))
          ? then.evaluate(variables)
          : otherwise.evaluate(variables);
    }

    @Override
    public List<Expression> children() {
      return List.of(condition, then, otherwise);
    }
  }

  /** {@code $ifNull}: the first operand that is not nullish; the last one's value otherwise. */
  private record IfNull(List<Expression> operands) implements Expression {

    IfNull {
      operands = List.copyOf(operands);
    }

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue value = null;
      for (Expression operand : operands) {
        value = operand.evaluate(variables);
        if (!ExpressionValues.isNullish(value)) {
          return value;
        }
      }
      return value;
    }

    @Override
    public List<Expression> children() {
      return new ArrayList<>(operands);
    }
  }
}
