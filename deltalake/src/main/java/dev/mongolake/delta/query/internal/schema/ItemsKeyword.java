package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code items} as one schema, which every element matches, and {@code additionalItems} as a
 * schema, which every element from {@code start} on (past {@code items}' array) matches.
 */
record ItemsKeyword(String keyword, Subschema items, int start) implements SchemaKeyword {

  static ItemsKeyword items(Subschema items) {
    return new ItemsKeyword("items", items, 0);
  }

  static ItemsKeyword additional(Subschema items, int start) {
    return new ItemsKeyword("additionalItems", items, start);
  }

  @Override
  public boolean matches(BsonValue value) {
    return !Restriction.ARRAY.appliesTo(value) || firstFailing(value.asArray()) < 0;
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    int index = firstFailing(value.asArray());
    String reason =
        start == 0
            ? "At least one item did not match the sub-schema"
            : "At least one additional item did not match the sub-schema";
    BsonDocument detail = items.annotate(Details.operator(keyword));
    return List.of(
        detail
            .append("reason", new BsonString(reason))
            .append("itemIndex", new BsonInt32(index))
            .append("details", items.explain(value.asArray().get(index))));
  }

  private int firstFailing(BsonArray array) {
    for (int i = start; i < array.size(); i++) {
      if (!items.matches(array.get(i))) {
        return i;
      }
    }
    return -1;
  }
}
