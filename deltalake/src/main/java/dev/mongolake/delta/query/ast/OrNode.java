package dev.mongolake.delta.query.ast;

import java.util.List;
import org.bson.BsonDocument;

/** {@code $or}: at least one child matches. */
public record OrNode(List<FilterNode> children) implements FilterNode {
  public OrNode {
    children = List.copyOf(children);
  }

  @Override
  public boolean matches(BsonDocument document, ExpressionEvaluator evaluator) {
    for (FilterNode child : children) {
      if (child.matches(document, evaluator)) {
        return true;
      }
    }
    return false;
  }
}
