package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The compiled arguments of an operator that takes a document of named arguments ({@code {$dateAdd:
 * {startDate: ..., unit: ...}}}).
 */
final class NamedArguments {

  private final Map<String, Expression> arguments;

  private NamedArguments(Map<String, Expression> arguments) {
    this.arguments = arguments;
  }

  /**
   * Compiles every field of {@code spec}.
   *
   * @param unknown the error for a field not in {@code allowed}, given its name
   */
  static NamedArguments parse(
      BsonDocument spec,
      Set<String> allowed,
      VariableScope scope,
      Function<String, MongoLakeException> unknown) {
    Map<String, Expression> out = new HashMap<>();
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      if (!allowed.contains(field.getKey())) {
        throw unknown.apply(field.getKey());
      }
      out.put(field.getKey(), ExpressionParser.parse(field.getValue(), scope));
    }
    return new NamedArguments(out);
  }

  /** The argument {@code name}, or {@code null} when the spec does not have it. */
  Expression get(String name) {
    return arguments.get(name);
  }

  /** Whether the spec has the argument {@code name}. */
  boolean has(String name) {
    return arguments.containsKey(name);
  }

  /** The given arguments, leaving out the absent ones, for {@link Expression#children()}. */
  static List<Expression> present(Expression... expressions) {
    List<Expression> out = new ArrayList<>();
    for (Expression expression : expressions) {
      if (expression != null) {
        out.add(expression);
      }
    }
    return out;
  }

  /** Evaluates {@code expression}, or gives {@code null} (missing) when it is absent. */
  static BsonValue evaluate(Expression expression, Variables variables) {
    return expression == null ? null : expression.evaluate(variables);
  }

  @Override
  public String toString() {
    return Objects.toString(arguments.keySet());
  }
}
