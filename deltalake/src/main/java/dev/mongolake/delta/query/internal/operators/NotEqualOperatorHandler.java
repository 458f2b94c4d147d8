package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.NotPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $ne}: the negation of {@code $eq} over the whole path. */
final class NotEqualOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    if (operand.isRegularExpression()) {
      throw QueryErrors.badValue("Can't have regex as arg to $ne.");
    }
    return Optional.of(
        new NotPredicate(
            new ComparisonPredicate(ComparisonOperator.EQ, operand, context.parser().order())));
  }
}
