package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.AllOfPredicate;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import dev.mongolake.delta.query.ast.ConstantPredicate;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.RegexCompiler;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * {@code $all}: every listed value is matched (each as an {@code $eq}, or a pattern for regular
 * expressions), or, when the list starts with {@code {$elemMatch: ...}}, every {@code $elemMatch}
 * holds. An empty list matches nothing.
 */
final class AllOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    if (!operand.isArray()) {
      throw QueryErrors.badValue("$all needs an array");
    }
    BsonArray values = operand.asArray();
    if (values.isEmpty()) {
      return Optional.of(new ConstantPredicate(false));
    }
    List<FieldPredicate> predicates = new ArrayList<>(values.size());
    if (isElemMatch(values.get(0))) {
      for (BsonValue value : values) {
        if (!isElemMatch(value)) {
          throw QueryErrors.badValue("$all/$elemMatch has to be consistent");
        }
        predicates.add(
            ElemMatchOperatorHandler.parseOperand(
                value.asDocument().get("$elemMatch"), context.parser()));
      }
    } else {
      for (BsonValue value : values) {
        if (value.isRegularExpression()) {
          predicates.add(
              RegexCompiler.predicate(
                  value.asRegularExpression().getPattern(),
                  value.asRegularExpression().getOptions()));
        } else if (value.isDocument()
            && FilterParser.firstKey(value.asDocument())
                .filter(context.parser().registry()::isFieldOperator)
                .isPresent()) {
          throw QueryErrors.badValue("no $ expressions in $all");
        } else {
          predicates.add(
              new ComparisonPredicate(ComparisonOperator.EQ, value, context.parser().order()));
        }
      }
    }
    return Optional.of(
        predicates.size() == 1 ? predicates.getFirst() : new AllOfPredicate(predicates));
  }

  private static boolean isElemMatch(BsonValue value) {
    return value.isDocument()
        && FilterParser.firstKey(value.asDocument()).filter("$elemMatch"::equals).isPresent();
  }
}
