package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/** {@code items} as an array of schemas: the element at each position matches its schema. */
record TupleItemsKeyword(List<Subschema> positions) implements SchemaKeyword {
  TupleItemsKeyword {
    positions = List.copyOf(positions);
  }

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.ARRAY.appliesTo(value)) {
      return true;
    }
    BsonArray array = value.asArray();
    for (int i = 0; i < positions.size() && i < array.size(); i++) {
      if (!positions.get(i).matches(array.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonArray array = value.asArray();
    List<BsonDocument> failing = new ArrayList<>();
    for (int i = 0; i < positions.size() && i < array.size(); i++) {
      if (!positions.get(i).matches(array.get(i))) {
        failing.add(
            new BsonDocument("itemIndex", new BsonInt32(i))
                .append("details", positions.get(i).explain(array.get(i))));
      }
    }
    return List.of(Details.operator("items").append("details", new BsonArray(failing)));
  }
}
