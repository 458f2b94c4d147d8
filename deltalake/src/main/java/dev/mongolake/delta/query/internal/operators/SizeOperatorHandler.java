package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.SizePredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.IntegerOperand;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $size}: a non-negative integer (a whole double such as 2.0 is accepted). */
final class SizeOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    if (!operand.isNumber() && !operand.isDecimal128()) {
      throw QueryErrors.badValue("$size needs a number");
    }
    try {
      return Optional.of(new SizePredicate(IntegerOperand.nonNegativeInt(operatorName, operand)));
    } catch (QueryException e) {
      throw QueryErrors.badValue("Failed to parse $size. " + e.getMessage());
    }
  }
}
