package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.RegexCompiler;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * {@code $regex} with its sibling {@code $options}: the pattern is a string or a regular
 * expression; options may come from the regular expression or from {@code $options}, not both.
 */
final class RegexOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    String pattern = null;
    String options = "";
    // Walk the siblings in order, as MongoDB does, so the conflict error names the right side.
    for (Map.Entry<String, BsonValue> entry : context.operatorDocument().entrySet()) {
      BsonValue value = entry.getValue();
      if (entry.getKey().equals("$regex")) {
        if (value.isString()) {
          pattern = value.asString().getValue();
        } else if (value.isRegularExpression()) {
          pattern = value.asRegularExpression().getPattern();
          String embedded = value.asRegularExpression().getOptions();
          if (!embedded.isEmpty()) {
            if (!options.isEmpty()) {
              throw new QueryException(
                  QueryErrorCode.REGEX_OPTIONS_IN_BOTH_OPTIONS_FIRST,
                  "options set in both $regex and $options");
            }
            options = embedded;
          }
        } else {
          throw QueryErrors.badValue("$regex has to be a string");
        }
      } else if (entry.getKey().equals("$options")) {
        if (!value.isString()) {
          throw QueryErrors.badValue("$options has to be a string");
        }
        if (!options.isEmpty()) {
          throw new QueryException(
              QueryErrorCode.REGEX_OPTIONS_IN_BOTH_REGEX_FIRST,
              "options set in both $regex and $options");
        }
        options = value.asString().getValue();
      }
    }
    return Optional.of(RegexCompiler.predicate(pattern, options));
  }
}
