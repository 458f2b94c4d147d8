package dev.mongolake.delta.query.internal.parse;

import dev.mongolake.delta.query.ast.FieldPredicate;
import java.util.Optional;
import org.bson.BsonValue;

/** Parses one field-level operator ({@code $gt}, {@code $in}, ...) into a predicate. */
public interface FieldOperatorHandler {
  /**
   * Parses the operand.
   *
   * @param operatorName the operator as written (one handler may serve several names)
   * @return the predicate, or empty when the operator only modifies a sibling ({@code $options})
   * @throws dev.mongolake.delta.exceptions.QueryException when the operand is malformed
   */
  Optional<FieldPredicate> parse(String operatorName, BsonValue operand, FieldContext context);
}
