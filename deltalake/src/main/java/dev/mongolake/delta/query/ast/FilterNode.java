package dev.mongolake.delta.query.ast;

import org.bson.BsonDocument;

/**
 * A node of a parsed filter. The tree is immutable; evaluating it is thread-safe as long as the
 * expression evaluator is.
 */
public sealed interface FilterNode
    permits AndNode, OrNode, NorNode, FieldNode, ExprNode, ConstantNode, JsonSchemaNode {

  /**
   * Whether {@code document} matches this node.
   *
   * @throws dev.mongolake.delta.exceptions.QueryException if an {@code $expr} cannot be evaluated
   */
  boolean matches(BsonDocument document, ExpressionEvaluator evaluator);
}
