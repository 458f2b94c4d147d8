package dev.mongolake.aggregate.internal.expression;

import java.util.List;
import org.bson.BsonValue;

/**
 * An operator that evaluates its arguments one at a time, left to right, and may stop early:
 * MongoDB's {@code $add} answers null at the first null operand without evaluating the rest (so an
 * error further right does not surface), and {@code $round} does not evaluate its place when the
 * number is null. {@link FunctionCall} evaluates every argument first, which would differ.
 *
 * @param name the operator, for messages and explain
 * @param arguments the argument expressions
 * @param body the operator's body
 */
record InOrderCall(String name, List<Expression> arguments, Body body) implements Expression {

  /** The body of such an operator: it asks for each argument's value when it needs it. */
  @FunctionalInterface
  interface Body {
    BsonValue apply(Operands operands);
  }

  /** The arguments of one evaluation, evaluated on request ({@code null} for missing). */
  interface Operands {
    int count();

    BsonValue get(int index);
  }

  InOrderCall {
    arguments = List.copyOf(arguments);
  }

  /** Registers {@code name} as such an operator taking {@code arity} arguments. */
  static void register(OperatorRegistry.Builder registry, String name, Arity arity, Body body) {
    registry.operator(
        name,
        (operator, arguments, scope) -> {
          List<Expression> parsed = Arguments.list(arguments, scope);
          arity.check(operator, parsed.size());
          return new InOrderCall(operator, parsed, body);
        });
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    return body.apply(
        new Operands() {
          @Override
          public int count() {
            return arguments.size();
          }

          @Override
          public BsonValue get(int index) {
            return arguments.get(index).evaluate(variables);
          }
        });
  }

  @Override
  public List<Expression> children() {
    return arguments;
  }
}
