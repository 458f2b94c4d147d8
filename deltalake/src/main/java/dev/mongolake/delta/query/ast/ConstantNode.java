package dev.mongolake.delta.query.ast;

import org.bson.BsonDocument;

/** {@code $alwaysTrue} / {@code $alwaysFalse}. */
public record ConstantNode(boolean value) implements FilterNode {
  @Override
  public boolean matches(BsonDocument document, ExpressionEvaluator evaluator) {
    return value;
  }
}
