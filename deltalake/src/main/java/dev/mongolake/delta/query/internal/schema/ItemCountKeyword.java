package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/** {@code minItems} or {@code maxItems}: an array's length. */
record ItemCountKeyword(String keyword, BsonValue operand, long limit, boolean minimum)
    implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.ARRAY.appliesTo(value)) {
      return true;
    }
    int size = value.asArray().size();
    return minimum ? size >= limit : size <= limit;
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonDocument detail =
        Details.failed(keyword, operand, "array did not match specified length", value).getFirst();
    return List.of(detail.append("numberOfItems", new BsonInt32(value.asArray().size())));
  }
}
