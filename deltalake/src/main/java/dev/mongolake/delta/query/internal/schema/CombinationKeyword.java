package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code allOf}, {@code anyOf} and {@code oneOf}: the value matches every, at least one, or exactly
 * one of the schemas. A missing value is handed to the schemas as missing.
 */
record CombinationKeyword(String keyword, List<Subschema> schemas) implements SchemaKeyword {
  CombinationKeyword {
    schemas = List.copyOf(schemas);
  }

  @Override
  public boolean matches(BsonValue value) {
    int matching = 0;
    for (Subschema schema : schemas) {
      if (schema.matches(value)) {
        matching++;
      }
    }
    return switch (keyword) {
      case "allOf" -> matching == schemas.size();
      case "anyOf" -> matching > 0;
      default -> matching == 1;
    };
  }

  /**
   * The schemas the value fails ({@code schemasNotSatisfied}, by index); for a {@code oneOf} that
   * several schemas match, which ones ({@code matchingSchemaIndexes}).
   */
  @Override
  public List<BsonDocument> explain(BsonValue value) {
    List<BsonValue> failing = new ArrayList<>();
    BsonArray matchingIndexes = new BsonArray();
    for (int i = 0; i < schemas.size(); i++) {
      Subschema schema = schemas.get(i);
      if (schema.matches(value)) {
        matchingIndexes.add(new BsonInt32(i));
      } else {
        BsonDocument entry = schema.annotate(new BsonDocument("index", new BsonInt32(i)));
        failing.add(entry.append("details", schema.explain(value)));
      }
    }
    if (keyword.equals("oneOf") && !matchingIndexes.isEmpty()) {
      return List.of(
          Details.operator(keyword)
              .append("reason", new BsonString("more than one subschema matched"))
              .append("matchingSchemaIndexes", matchingIndexes));
    }
    return List.of(Details.operator(keyword).append("schemasNotSatisfied", new BsonArray(failing)));
  }
}
