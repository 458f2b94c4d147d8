package dev.mongolake.delta.query.internal.explain;

import org.bson.BsonDocument;

/**
 * One clause of a filter as MongoDB's error details see it: a field operator, a logical operator,
 * {@code $expr}, {@code $jsonSchema}, or the implicit AND of a filter document's clauses.
 */
interface Clause {

  /** Whether {@code document} satisfies the clause. */
  boolean matches(BsonDocument document);

  /**
   * The clause's error details for {@code document}: why it does not match, or with {@code
   * inverted} (under {@code $nor} or {@code $not}) why it does.
   */
  BsonDocument explain(BsonDocument document, boolean inverted);
}
