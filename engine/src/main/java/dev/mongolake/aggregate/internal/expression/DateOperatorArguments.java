package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.MongoLakeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The arguments of an operator that takes a document of named arguments ({@code {$dateAdd:
 * {startDate: ..., unit: ...}}}). The names are checked first and each argument is compiled when
 * asked for, so that, as in MongoDB, an unknown or missing argument is reported before an error
 * inside another argument's expression.
 */
final class DateOperatorArguments {

  private final BsonDocument spec;
  private final VariableScope scope;

  private DateOperatorArguments(BsonDocument spec, VariableScope scope) {
    this.spec = spec;
    this.scope = scope;
  }

  /**
   * Checks the names of {@code spec}'s fields.
   *
   * @param unknown the error for a field not in {@code allowed}, given its name
   */
  static DateOperatorArguments parse(
      BsonDocument spec,
      Set<String> allowed,
      VariableScope scope,
      Function<String, MongoLakeException> unknown) {
    for (String field : spec.keySet()) {
      if (!allowed.contains(field)) {
        throw unknown.apply(field);
      }
    }
    return new DateOperatorArguments(spec, scope);
  }

  /** The compiled argument {@code name}, or {@code null} when the spec does not have it. */
  Expression get(String name) {
    BsonValue value = spec.get(name);
    return value == null ? null : ExpressionParser.parse(value, scope);
  }

  /** Whether the spec has the argument {@code name}. */
  boolean has(String name) {
    return spec.containsKey(name);
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
}
