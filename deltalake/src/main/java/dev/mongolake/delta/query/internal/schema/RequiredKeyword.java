package dev.mongolake.delta.query.internal.schema;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/** {@code required}: a document has every listed field (reported missing in sorted order). */
record RequiredKeyword(BsonArray specified, List<String> sortedNames) implements SchemaKeyword {
  RequiredKeyword {
    sortedNames = sortedNames.stream().sorted().toList();
  }

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.OBJECT.appliesTo(value)) {
      return true;
    }
    return sortedNames.stream().allMatch(value.asDocument()::containsKey);
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonArray missing = new BsonArray();
    sortedNames.stream()
        .filter(name -> !value.asDocument().containsKey(name))
        .forEach(name -> missing.add(new BsonString(name)));
    return List.of(Details.specified("required", specified).append("missingProperties", missing));
  }
}
