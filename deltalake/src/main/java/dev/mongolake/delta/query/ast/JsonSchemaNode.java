package dev.mongolake.delta.query.ast;

import java.util.Objects;
import org.bson.BsonDocument;

/** {@code $jsonSchema}: the document satisfies the schema. Reads the whole document. */
public record JsonSchemaNode(SchemaPredicate schema) implements FilterNode {
  public JsonSchemaNode {
    Objects.requireNonNull(schema, "schema");
  }

  @Override
  public boolean matches(BsonDocument document, ExpressionEvaluator evaluator) {
    return schema.matches(document);
  }
}
