package dev.mongolake.delta.query.internal.explain;

import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code {field: {$not: ...}}}: the negated condition, explained inverted under {@code details}.
 */
record NotClause(Clause negated) implements Clause {

  @Override
  public boolean matches(BsonDocument document) {
    return !negated.matches(document);
  }

  @Override
  public BsonDocument explain(BsonDocument document, boolean inverted) {
    return new BsonDocument("operatorName", new BsonString("$not"))
        .append("details", negated.explain(document, !inverted));
  }
}
