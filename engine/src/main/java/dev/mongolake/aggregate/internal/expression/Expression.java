package dev.mongolake.aggregate.internal.expression;

import java.util.List;
import org.bson.BsonValue;

/**
 * A compiled aggregation expression. Parsed once per command ({@link ExpressionParser}), then
 * evaluated per document against {@link Variables} that hold {@code $$CURRENT}, {@code $$ROOT} and
 * the user's variables. Implementations are immutable and may be shared across threads; the
 * variables are not.
 */
public interface Expression {

  /**
   * The expression's value, or {@code null} for MongoDB's "missing" (a field path that reaches
   * nothing, {@code $$REMOVE}); missing is distinct from BSON null.
   *
   * @throws dev.mongolake.MongoLakeException with MongoDB's code when the arguments are invalid
   */
  BsonValue evaluate(Variables variables);

  /** The sub-expressions this one evaluates, for dependency analysis and constant folding. */
  default List<Expression> children() {
    return List.of();
  }

  /**
   * Adds the document fields this expression reads to {@code dependencies}. The default walks the
   * children; expressions that read fields or bind variables override it.
   */
  default void addDependencies(Dependencies dependencies) {
    for (Expression child : children()) {
      child.addDependencies(dependencies);
    }
  }

  /** Whether the value is known without any document: the parser folds such expressions. */
  default boolean isConstant() {
    return false;
  }
}
