package dev.mongolake.delta.query.ast;

import java.util.Objects;
import org.bson.BsonDocument;

/** A condition on one field path: {@code {path: literal}} or {@code {path: {$op: ...}}}. */
public record FieldNode(FieldPath path, FieldPredicate predicate) implements FilterNode {
  public FieldNode {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(predicate, "predicate");
  }

  @Override
  public boolean matches(BsonDocument document, ExpressionEvaluator evaluator) {
    return predicate.matches(path.resolve(document));
  }
}
