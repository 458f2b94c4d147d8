package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** {@code minLength} or {@code maxLength}: a string's length in code points. */
record StringLengthKeyword(String keyword, BsonValue operand, long limit, boolean minimum)
    implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.STRING.appliesTo(value)) {
      return true;
    }
    String string = value.asString().getValue();
    long length = string.codePointCount(0, string.length());
    return minimum ? length >= limit : length <= limit;
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    return Details.failed(keyword, operand, "specified string length was not satisfied", value);
  }
}
