package dev.mongolake.delta.query.internal.explain;

import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.ExprNode;
import dev.mongolake.delta.query.ast.ExpressionEvaluator;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $expr}: {@code {operatorName: "$expr", specifiedAs, reason, expressionResult}}; an
 * expression that fails to evaluate is reported with its error under {@code details} ({@code code}
 * and {@code codeName} for errors of the filter language, the message for others).
 *
 * @param expression the operand as the filter holds it, so that the filter's evaluator (which
 *     compiled it) recognizes it
 */
record ExprClause(BsonValue expression, ExpressionEvaluator evaluator) implements Clause {

  @Override
  public boolean matches(BsonDocument document) {
    try {
      return ExprNode.isTruthy(evaluator.evaluate(expression, document));
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  public BsonDocument explain(BsonDocument document, boolean inverted) {
    BsonDocument details =
        new BsonDocument("operatorName", new BsonString("$expr"))
            .append("specifiedAs", new BsonDocument("$expr", expression));
    BsonValue result;
    try {
      result = evaluator.evaluate(expression, document);
    } catch (RuntimeException e) {
      BsonDocument error = new BsonDocument();
      if (e instanceof QueryException query) {
        error
            .append("code", new BsonInt32(query.code()))
            .append("codeName", new BsonString(query.codeName()));
      }
      error.append("errmsg", new BsonString(String.valueOf(e.getMessage())));
      return details
          .append("reason", new BsonString("failed to evaluate aggregation expression"))
          .append("details", error);
    }
    return details
        .append(
            "reason",
            new BsonString(inverted ? "expression did match" : "expression did not match"))
        .append("expressionResult", result);
  }
}
