package dev.mongolake.delta.query.internal.parse;

import dev.mongolake.delta.query.ast.FilterNode;
import java.util.Optional;
import org.bson.BsonValue;

/** Parses one top-level operator ({@code $and}, {@code $expr}, ...) into a node. */
public interface TopLevelOperatorHandler {
  /**
   * Parses the operand.
   *
   * @return the node, or empty when the operator has no effect on matching ({@code $comment})
   * @throws dev.mongolake.delta.exceptions.QueryException when the operand is malformed
   */
  Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser);
}
