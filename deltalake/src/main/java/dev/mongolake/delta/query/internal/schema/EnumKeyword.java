package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code enum}: the value equals one of the listed values (documents regardless of field order); a
 * missing value fails, but {@code required} explains that.
 */
record EnumKeyword(BsonArray values) implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    return value != null && values.stream().anyMatch(v -> BsonEquality.equal(value, v));
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    if (value == null) {
      return List.of();
    }
    return Details.failed("enum", values, "value was not found in enum", value);
  }
}
