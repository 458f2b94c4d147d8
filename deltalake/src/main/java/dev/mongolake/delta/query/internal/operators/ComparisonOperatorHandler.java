package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import dev.mongolake.delta.query.internal.parse.UndefinedOperand;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $eq $gt $gte $lt $lte}: one instance per operator. */
final class ComparisonOperatorHandler implements FieldOperatorHandler {
  private final ComparisonOperator operator;

  ComparisonOperatorHandler(ComparisonOperator operator) {
    this.operator = operator;
  }

  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    // {$eq: /re/} compares with the regex value; ordering against a regex is meaningless.
    if (operator != ComparisonOperator.EQ && operand.isRegularExpression()) {
      throw QueryErrors.badValue(
          "Can't have RegEx as arg to predicate over field '" + context.fieldName() + "'.");
    }
    UndefinedOperand.reject(operand);
    return Optional.of(new ComparisonPredicate(operator, operand, context.parser().order()));
  }
}
