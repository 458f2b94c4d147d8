package dev.mongolake.delta.query.ast;

import java.util.List;
import org.bson.BsonDocument;

/** {@code $and}, and the implicit AND of a filter's top-level fields; empty matches everything. */
public record AndNode(List<FilterNode> children) implements FilterNode {
  public AndNode {
    children = List.copyOf(children);
  }

  @Override
  public boolean matches(BsonDocument document, ExpressionEvaluator evaluator) {
    for (FilterNode child : children) {
      if (!child.matches(document, evaluator)) {
        return false;
      }
    }
    return true;
  }
}
