package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/** {@code minProperties} or {@code maxProperties}: how many fields a document has. */
record PropertyCountKeyword(String keyword, BsonValue operand, long limit, boolean minimum)
    implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.OBJECT.appliesTo(value)) {
      return true;
    }
    int size = value.asDocument().size();
    return minimum ? size >= limit : size <= limit;
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    return List.of(
        Details.specified(keyword, operand)
            .append("reason", new BsonString("specified number of properties was not satisfied"))
            .append("numberOfProperties", new BsonInt32(value.asDocument().size())));
  }
}
