package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.Optional;
import org.bson.BsonValue;

/** {@code $comment}: accepted with any operand, no effect on matching. */
final class CommentOperatorHandler implements TopLevelOperatorHandler {
  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    return Optional.empty();
  }
}
