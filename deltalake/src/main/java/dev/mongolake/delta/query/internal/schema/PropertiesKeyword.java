package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code properties}: each named field of a document matches its schema; a missing field passes
 * unless {@code required} lists it, in which case its schema sees it missing. Names are field
 * names, not dotted paths.
 */
record PropertiesKeyword(Map<String, Subschema> properties, Set<String> required)
    implements SchemaKeyword {
  PropertiesKeyword {
    properties = new LinkedHashMap<>(properties);
    required = Set.copyOf(required);
  }

  @Override
  public boolean matches(BsonValue value) {
    if (!Restriction.OBJECT.appliesTo(value)) {
      return true;
    }
    BsonDocument document = value.asDocument();
    for (Map.Entry<String, Subschema> property : properties.entrySet()) {
      if (!matches(document, property.getKey(), property.getValue())) {
        return false;
      }
    }
    return true;
  }

  private boolean matches(BsonDocument document, String name, Subschema schema) {
    BsonValue field = document.get(name);
    return (field == null && !required.contains(name)) || schema.matches(field);
  }

  /**
   * MongoDB's {@code propertiesNotSatisfied}: the failing properties whose schema has something to
   * say (a required property that is missing fails {@code required}, which reports it).
   */
  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonDocument document = value.asDocument();
    List<BsonValue> failing = new ArrayList<>();
    for (Map.Entry<String, Subschema> property : properties.entrySet()) {
      String name = property.getKey();
      if (matches(document, name, property.getValue())) {
        continue;
      }
      BsonArray details = property.getValue().explain(document.get(name));
      if (!details.isEmpty()) {
        BsonDocument entry = new BsonDocument("propertyName", new BsonString(name));
        failing.add(property.getValue().annotate(entry).append("details", details));
      }
    }
    if (failing.isEmpty()) {
      return List.of();
    }
    return List.of(
        Details.operator("properties").append("propertiesNotSatisfied", new BsonArray(failing)));
  }
}
