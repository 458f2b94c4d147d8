package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.ExistsPredicate;
import dev.mongolake.delta.query.ast.ExprNode;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $exists}: any operand, read with BSON truthiness ({@code 0}, false, null are false). */
final class ExistsOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    return Optional.of(new ExistsPredicate(ExprNode.isTruthy(operand)));
  }
}
