package dev.mongolake.delta.query.internal.explain;

import java.util.List;
import org.bson.BsonDocument;

/**
 * A filter document: the AND of its clauses (a field with several operators gives one clause per
 * operator, as in MongoDB). A single clause stands for itself; several are reported as {@code
 * $and}.
 */
record DocumentClause(List<Clause> parts) implements Clause {
  DocumentClause {
    parts = List.copyOf(parts);
  }

  @Override
  public boolean matches(BsonDocument document) {
    return parts.stream().allMatch(part -> part.matches(document));
  }

  @Override
  public BsonDocument explain(BsonDocument document, boolean inverted) {
    if (parts.size() == 1) {
      return parts.getFirst().explain(document, inverted);
    }
    return LogicalClause.explain("$and", parts, document, inverted);
  }
}
