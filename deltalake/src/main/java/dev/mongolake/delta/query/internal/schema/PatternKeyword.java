package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/** {@code pattern}: the regular expression (no flags) matches somewhere in the string. */
record PatternKeyword(String pattern, Pattern compiled) implements SchemaKeyword {

  @Override
  public boolean matches(BsonValue value) {
    return !Restriction.STRING.appliesTo(value)
        || compiled.matcher(value.asString().getValue()).find();
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    return Details.failed(
        "pattern", new BsonString(pattern), "regular expression did not match", value);
  }
}
