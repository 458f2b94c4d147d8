package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.InPredicate;
import dev.mongolake.delta.query.ast.NotPredicate;
import dev.mongolake.delta.query.ast.RegexPredicate;
import dev.mongolake.delta.query.internal.RegexCompiler;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import dev.mongolake.delta.query.internal.parse.UndefinedOperand;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $in} and {@code $nin} (its negation). Regular expressions in the list match patterns. */
final class InOperatorHandler implements FieldOperatorHandler {
  private final boolean negated;

  InOperatorHandler(boolean negated) {
    this.negated = negated;
  }

  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    if (!operand.isArray()) {
      throw QueryErrors.badValue(operatorName + " needs an array");
    }
    List<BsonValue> values = new ArrayList<>();
    List<RegexPredicate> regexes = new ArrayList<>();
    for (BsonValue element : operand.asArray()) {
      if (FilterParser.isOperatorDocument(element, false)) {
        throw QueryErrors.badValue("cannot nest $ under $in");
      }
      UndefinedOperand.reject(element);
      if (element.isRegularExpression()) {
        regexes.add(
            RegexCompiler.predicate(
                element.asRegularExpression().getPattern(),
                element.asRegularExpression().getOptions()));
      } else {
        values.add(element);
      }
    }
    InPredicate in = new InPredicate(values, regexes, context.parser().order());
    return Optional.of(negated ? new NotPredicate(in) : in);
  }
}
