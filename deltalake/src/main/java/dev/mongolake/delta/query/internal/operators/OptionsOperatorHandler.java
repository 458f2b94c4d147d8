package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $options}: consumed by the sibling {@code $regex}; alone it is an error. */
final class OptionsOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    if (!context.operatorDocument().containsKey("$regex")) {
      throw QueryErrors.badValue("$options needs a $regex");
    }
    return Optional.empty();
  }
}
