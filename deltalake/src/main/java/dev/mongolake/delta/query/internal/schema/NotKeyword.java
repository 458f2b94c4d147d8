package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/** {@code not}: the value (or its absence) does not match the schema. */
record NotKeyword(Subschema schema) implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    return !schema.matches(value);
  }

  /** As MongoDB, without saying why the schema matched. */
  @Override
  public List<BsonDocument> explain(BsonValue value) {
    return List.of(
        Details.operator("not").append("reason", new BsonString("child expression matched")));
  }
}
