package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * Top-level operators MongoDB knows and MongoLake rejects: {@code $where} (no server-side
 * JavaScript, MongoDB's own message for that case), {@code $text} and {@code $sampleRate}.
 */
final class RejectedTopLevelOperatorHandler implements TopLevelOperatorHandler {
  private final QueryErrorCode code;
  private final String message;

  RejectedTopLevelOperatorHandler(QueryErrorCode code, String message) {
    this.code = code;
    this.message = message;
  }

  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    throw new QueryException(code, message);
  }
}
