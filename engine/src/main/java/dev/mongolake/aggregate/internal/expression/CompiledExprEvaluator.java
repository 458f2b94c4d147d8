package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ExprNode;
import dev.mongolake.delta.query.ast.ExpressionEvaluator;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.NorNode;
import dev.mongolake.delta.query.ast.OrNode;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The evaluator of a filter's {@code $expr} clauses: each is compiled once, when the filter is
 * parsed (so an invalid expression fails the command even when no document is read, as in MongoDB),
 * and evaluated per document with {@code $$ROOT} and {@code $$CURRENT} set to it. They compare
 * strings by the filter's collation ({@link Filter#collation()}), as the rest of the filter does,
 * whatever collation the scope they see came with. Thread-safe: the compiled expressions are
 * immutable and each evaluation gets its own variables.
 */
public final class CompiledExprEvaluator implements ExpressionEvaluator {

  private final Map<BsonValue, Expression> compiled;
  private final Supplier<Variables> variables;
  private final Collation collation;

  private CompiledExprEvaluator(
      Map<BsonValue, Expression> compiled, Supplier<Variables> variables, Collation collation) {
    this.compiled = compiled;
    this.variables = variables;
    this.collation = collation;
  }

  /**
   * {@code filter} with its {@code $expr} clauses compiled in {@code scope}, or {@code filter}
   * itself when it has none.
   *
   * @param variables fresh variables for one evaluation ({@code $$NOW}, the command's {@code let})
   */
  public static Filter install(Filter filter, VariableScope scope, Supplier<Variables> variables) {
    Map<BsonValue, Expression> compiled = new IdentityHashMap<>();
    collect(filter.root(), scope.withCollation(filter.collation()), compiled);
    if (compiled.isEmpty()) {
      return filter;
    }
    return filter.withExpressionEvaluator(
        new CompiledExprEvaluator(compiled, variables, filter.collation()));
  }

  private static void collect(
      FilterNode node, VariableScope scope, Map<BsonValue, Expression> compiled) {
    switch (node) {
      case ExprNode expr ->
          compiled.put(expr.expression(), ExpressionParser.parse(expr.expression(), scope));
      case AndNode and -> and.children().forEach(child -> collect(child, scope, compiled));
      case OrNode or -> or.children().forEach(child -> collect(child, scope, compiled));
      case NorNode nor -> nor.children().forEach(child -> collect(child, scope, compiled));
      default -> {
        // Field predicates hold no $expr: the filter language refuses it inside $elemMatch.
      }
    }
  }

  @Override
  public BsonValue evaluate(BsonValue expression, BsonDocument document) {
    Expression parsed = compiled.get(expression);
    if (parsed == null) {
      // Not from the filter this evaluator was installed on: compile it now (never expected).
      parsed = ExpressionParser.parse(expression, VariableScope.root(collation));
    }
    return parsed.evaluate(variables.get().setDocument(document));
  }
}
