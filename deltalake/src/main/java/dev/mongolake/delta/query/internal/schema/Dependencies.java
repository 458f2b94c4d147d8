package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonValue;

/** Parses {@code dependencies}: property names to a list of fields or to a schema. */
final class Dependencies {
  private static final String IN_DEPENDENCIES = "' in $jsonSchema keyword 'dependencies' ";

  private Dependencies() {}

  static DependenciesKeyword parse(BsonValue operand) {
    if (!operand.isDocument()) {
      throw SchemaErrors.keywordType("dependencies", "must be an object");
    }
    List<DependenciesKeyword.Dependency> dependencies = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : operand.asDocument().entrySet()) {
      String property = SchemaErrors.fieldName("dependencies", entry.getKey());
      BsonValue value = entry.getValue();
      if (value.isDocument()) {
        dependencies.add(
            new DependenciesKeyword.Dependency(
                property, List.of(), SchemaParser.parse(value.asDocument())));
      } else if (value.isArray()) {
        dependencies.add(
            new DependenciesKeyword.Dependency(property, fields(property, value), null));
      } else {
        throw SchemaErrors.typeMismatch(
            "property '" + property + IN_DEPENDENCIES + "must be either an object or an array");
      }
    }
    return new DependenciesKeyword(dependencies);
  }

  private static List<String> fields(String property, BsonValue list) {
    if (list.asArray().isEmpty()) {
      throw SchemaErrors.failedToParse(
          "property '" + property + IN_DEPENDENCIES + "cannot be an empty array");
    }
    Set<String> fields = new LinkedHashSet<>();
    for (BsonValue field : list.asArray()) {
      if (!field.isString()) {
        throw SchemaErrors.typeMismatch(
            "array '"
                + property
                + IN_DEPENDENCIES
                + "can only contain strings, but found element of type: "
                + SchemaErrors.typeOf(field));
      }
      if (!fields.add(SchemaErrors.fieldName("dependencies", field.asString().getValue()))) {
        throw SchemaErrors.failedToParse(
            "array '"
                + property
                + IN_DEPENDENCIES
                + "contains duplicate element: "
                + field.asString().getValue());
      }
    }
    return List.copyOf(fields);
  }
}
