package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/** {@code additionalItems: false}: an array has no elements past {@code items}' array. */
record NoAdditionalItemsKeyword(int start) implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    return !Restriction.ARRAY.appliesTo(value) || value.asArray().size() <= start;
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonArray array = value.asArray();
    return List.of(
        Details.specified("additionalItems", BsonBoolean.FALSE)
            .append("reason", new BsonString("found additional items"))
            .append(
                "additionalItems", new BsonArray(array.getValues().subList(start, array.size()))));
  }
}
