package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.NotPredicate;
import dev.mongolake.delta.query.internal.RegexCompiler;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $not}: a regular expression or an operator document, negated over the whole path. */
final class NotOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    if (operand.isRegularExpression()) {
      return Optional.of(
          new NotPredicate(
              RegexCompiler.predicate(
                  operand.asRegularExpression().getPattern(),
                  operand.asRegularExpression().getOptions())));
    }
    if (!operand.isDocument()) {
      throw QueryErrors.badValue("$not needs a regex or a document");
    }
    if (operand.asDocument().isEmpty()) {
      throw QueryErrors.badValue("$not cannot be empty");
    }
    FieldPredicate inner =
        context
            .parser()
            .parseOperatorDocument(context.fieldName(), operand.asDocument(), context.level());
    return Optional.of(new NotPredicate(inner));
  }
}
