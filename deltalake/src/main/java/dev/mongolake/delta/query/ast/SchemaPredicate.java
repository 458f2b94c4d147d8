package dev.mongolake.delta.query.ast;

import org.bson.BsonDocument;

/**
 * A document schema a {@link JsonSchemaNode} tests documents against (the filter language's {@code
 * $jsonSchema}, parsed above the tree). Immutable and thread-safe.
 */
public interface SchemaPredicate {

  /** Whether {@code document} satisfies the schema. */
  boolean matches(BsonDocument document);
}
