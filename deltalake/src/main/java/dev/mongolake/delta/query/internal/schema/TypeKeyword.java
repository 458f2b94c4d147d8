package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * {@code bsonType} ({@code $type}'s names) or {@code type} (JSON Schema's: {@code object}, {@code
 * array}, {@code number}, {@code boolean}, {@code string}, {@code null}): the value has one of the
 * types. Arrays are not traversed; a missing value fails, but {@code required} explains that.
 */
record TypeKeyword(String keyword, BsonValue specified, Set<BsonType> types)
    implements SchemaKeyword {
  TypeKeyword {
    types = Set.copyOf(types);
  }

  @Override
  public boolean matches(BsonValue value) {
    return value != null && types.contains(value.getBsonType());
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    if (value == null) {
      return List.of();
    }
    return List.of(
        Details.specified(keyword, specified)
            .append("reason", new BsonString("type did not match"))
            .append("consideredValue", value)
            .append("consideredType", Details.typeName(value)));
  }
}
