package dev.mongolake.delta.query.ast;

import java.util.List;
import org.bson.BsonDocument;

/** {@code $nor}: no child matches. */
public record NorNode(List<FilterNode> children) implements FilterNode {
  public NorNode {
    children = List.copyOf(children);
  }

  @Override
  public boolean matches(BsonDocument document, ExpressionEvaluator evaluator) {
    for (FilterNode child : children) {
      if (child.matches(document, evaluator)) {
        return false;
      }
    }
    return true;
  }
}
