package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** {@code uniqueItems: true}: no two elements of an array are equal. */
record UniqueItemsKeyword() implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    return !Restriction.ARRAY.appliesTo(value) || firstDuplicate(value.asArray()).isEmpty();
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonDocument detail =
        Details.failed("uniqueItems", BsonBoolean.TRUE, "found a duplicate item", value).getFirst();
    return List.of(detail.append("duplicatedValue", firstDuplicate(value.asArray()).orElseThrow()));
  }

  /** The first element equal to an earlier one. */
  private static Optional<BsonValue> firstDuplicate(BsonArray array) {
    for (int i = 1; i < array.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (BsonEquality.equal(array.get(i), array.get(j))) {
          return Optional.of(array.get(i));
        }
      }
    }
    return Optional.empty();
  }
}
