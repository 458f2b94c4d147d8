package dev.mongolake.aggregate.internal.expression;

import java.util.List;
import org.bson.BsonValue;

/**
 * An operator that evaluates its arguments one at a time, in order, and may stop early: {@code
 * $concat} answers null at its first nullish argument without evaluating the rest, as MongoDB does,
 * so an argument that would fail later is never reached. Constant arguments still fold.
 *
 * @param name the operator, for messages and explain
 * @param arguments the argument expressions
 * @param body the operator's body
 */
record InOrderCall(String name, List<Expression> arguments, Body body) implements Expression {

  /** The body of an operator that reads its arguments on demand. */
  @FunctionalInterface
  interface Body {
    /**
     * @param arguments the arguments, each evaluated when first read
     * @return the value, or {@code null} for missing
     */
    BsonValue apply(Lazy arguments);
  }

  /** The arguments of one evaluation, each evaluated at most once, when first read. */
  static final class Lazy {
    private final List<Expression> expressions;
    private final Variables variables;
    private final BsonValue[] values;
    private final boolean[] evaluated;

    private Lazy(List<Expression> expressions, Variables variables) {
      this.expressions = expressions;
      this.variables = variables;
      this.values = new BsonValue[expressions.size()];
      this.evaluated = new boolean[expressions.size()];
    }

    /** How many arguments there are. */
    int size() {
      return values.length;
    }

    /** The value of argument {@code index} ({@code null} for missing). */
    BsonValue get(int index) {
      if (!evaluated[index]) {
        values[index] = expressions.get(index).evaluate(variables);
        evaluated[index] = true;
      }
      return values[index];
    }
  }

  InOrderCall {
    arguments = List.copyOf(arguments);
  }

  /** Registers {@code name} with {@code arity}, its arguments read on demand by {@code body}. */
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
    return body.apply(new Lazy(arguments, variables));
  }

  @Override
  public List<Expression> children() {
    return arguments;
  }
}
