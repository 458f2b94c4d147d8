package dev.mongolake.delta.query.ast;

import java.util.Objects;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $elemMatch} with a query ({@code {$elemMatch: {product: "xyz", score: {$gte: 8}}}}): an
 * array with at least one element that is a document (or an array, seen as a document keyed by
 * position) matching {@code filter}. {@code $expr} and {@code $where} are rejected inside it at
 * parse time.
 */
public record ElemMatchDocumentPredicate(FilterNode filter) implements FieldPredicate {
  public ElemMatchDocumentPredicate {
    Objects.requireNonNull(filter, "filter");
  }

  @Override
  public boolean matches(PathValues values) {
    return values.anyValue(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    if (!value.isArray()) {
      return false;
    }
    for (BsonValue element : value.asArray()) {
      if (element.isDocument()
          && filter.matches(element.asDocument(), ExpressionEvaluator.UNSUPPORTED)) {
        return true;
      }
      if (element.isArray()
          && filter.matches(
              positionalDocument(element.asArray()), ExpressionEvaluator.UNSUPPORTED)) {
        return true;
      }
    }
    return false;
  }

  private static BsonDocument positionalDocument(BsonArray array) {
    BsonDocument document = new BsonDocument();
    for (int i = 0; i < array.size(); i++) {
      document.append(Integer.toString(i), array.get(i));
    }
    return document;
  }
}
