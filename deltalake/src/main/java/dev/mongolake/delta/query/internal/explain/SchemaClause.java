package dev.mongolake.delta.query.internal.explain;

import dev.mongolake.delta.query.JsonSchema;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code $jsonSchema}: the schema's own details ({@code schemaRulesNotSatisfied}); inverted, only
 * that it matched, as MongoDB says no more.
 */
record SchemaClause(JsonSchema schema) implements Clause {

  @Override
  public boolean matches(BsonDocument document) {
    return schema.matches(document);
  }

  @Override
  public BsonDocument explain(BsonDocument document, boolean inverted) {
    if (inverted) {
      return new BsonDocument("operatorName", new BsonString("$jsonSchema"))
          .append("reason", new BsonString("schema matched"));
    }
    return schema.explainFailure(document);
  }
}
