package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.List;
import org.bson.BsonValue;

/**
 * An operator that evaluates its arguments one at a time, left to right, and may stop early:
 * MongoDB's {@code $add} and {@code $concat} answer null at the first null operand without
 * evaluating the rest (so an error further right does not surface), and {@code $round} does not
 * evaluate its place when the number is null. {@link FunctionCall} evaluates every argument first,
 * which would differ. Constant arguments still fold.
 *
 * @param name the operator, for messages and explain
 * @param arguments the argument expressions
 * @param body the operator's body
 */
record InOrderCall(String name, List<Expression> arguments, Body body) implements Expression {

  /** The body of such an operator: it asks for each argument's value when it needs it. */
  @FunctionalInterface
  interface Body {
    /**
     * @param arguments the arguments, each evaluated when first read
     * @return the value, or {@code null} for missing
     */
    BsonValue apply(Lazy arguments);
  }

  /** The arguments of one evaluation, evaluated on request ({@code null} for missing). */
  interface Operands {
    /** How many arguments there are. */
    int count();

    /** The value of argument {@code index} ({@code null} for missing). */
    BsonValue get(int index);

    /** How many arguments there are (as {@link #count()}). */
    default int size() {
      return count();
    }
  }

  /** The arguments of one evaluation, each evaluated at most once, when first read. */
  static final class Lazy implements Operands {
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

    @Override
    public int count() {
      return values.length;
    }

    @Override
    public BsonValue get(int index) {
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

  /**
   * Registers {@code name} as {@link #register} does, its body made for the order of the scope it
   * is parsed in (the command's collation).
   */
  static void registerComparing(
      OperatorRegistry.Builder registry,
      String name,
      Arity arity,
      java.util.function.Function<BsonComparisonOrder, Body> body) {
    registry.operator(
        name,
        (operator, arguments, scope) -> {
          List<Expression> parsed = Arguments.list(arguments, scope);
          arity.check(operator, parsed.size());
          return new InOrderCall(operator, parsed, body.apply(scope.order()));
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
