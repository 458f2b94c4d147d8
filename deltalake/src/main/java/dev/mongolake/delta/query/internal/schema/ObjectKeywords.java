package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.query.internal.RegexCompiler;
import dev.mongolake.delta.query.internal.parse.IntegerOperand;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Parses {@code required}, {@code properties}, {@code patternProperties}, {@code
 * additionalProperties}, {@code minProperties}, {@code maxProperties} and {@code dependencies}.
 */
final class ObjectKeywords {
  private ObjectKeywords() {}

  static void parse(BsonDocument schema, List<SchemaKeyword> out) {
    BsonValue requiredOperand = schema.get("required");
    List<String> required = requiredOperand == null ? List.of() : required(requiredOperand);
    BsonValue properties = schema.get("properties");
    Map<String, Subschema> named = new LinkedHashMap<>();
    if (properties != null) {
      if (!properties.isDocument()) {
        throw SchemaErrors.keywordType("properties", "must be an object");
      }
      for (Map.Entry<String, BsonValue> property : properties.asDocument().entrySet()) {
        named.put(
            SchemaErrors.fieldName("properties", property.getKey()),
            SchemaParser.nested(
                property.getValue(),
                () ->
                    SchemaErrors.typeMismatch(
                        "Nested schema for $jsonSchema property '"
                            + property.getKey()
                            + "' must be an object")));
      }
      out.add(new PropertiesKeyword(named, Set.copyOf(required)));
    }
    BsonValue patternProperties = schema.get("patternProperties");
    BsonValue additionalProperties = schema.get("additionalProperties");
    if (patternProperties != null || additionalProperties != null) {
      out.add(allowed(named.keySet(), patternProperties, additionalProperties));
    }
    if (requiredOperand != null) {
      out.add(new RequiredKeyword(requiredOperand.asArray(), required));
    }
    count(schema, "minProperties", true, out);
    count(schema, "maxProperties", false, out);
    BsonValue dependencies = schema.get("dependencies");
    if (dependencies != null) {
      out.add(Dependencies.parse(dependencies));
    }
  }

  private static List<String> required(BsonValue operand) {
    if (!operand.isArray()) {
      throw SchemaErrors.keywordType(
          "required",
          "must be an array, but found an element of type " + SchemaErrors.typeOf(operand));
    }
    Set<String> names = new LinkedHashSet<>();
    for (BsonValue name : operand.asArray()) {
      if (!name.isString()) {
        throw SchemaErrors.keywordType(
            "required",
            "must be an array of strings, but found an element of type: "
                + SchemaErrors.typeOf(name));
      }
      if (!names.add(SchemaErrors.fieldName("required", name.asString().getValue()))) {
        throw SchemaErrors.keywordValue("required", "array cannot contain duplicate values");
      }
    }
    if (names.isEmpty()) {
      throw SchemaErrors.keywordValue("required", "cannot be an empty array");
    }
    return List.copyOf(names);
  }

  private static AllowedPropertiesKeyword allowed(
      Set<String> named, BsonValue patternProperties, BsonValue additionalProperties) {
    List<AllowedPropertiesKeyword.PatternProperty> patterns = new ArrayList<>();
    if (patternProperties != null) {
      if (!patternProperties.isDocument()) {
        throw SchemaErrors.keywordType("patternProperties", "must be an object");
      }
      for (Map.Entry<String, BsonValue> entry : patternProperties.asDocument().entrySet()) {
        Subschema schema =
            SchemaParser.nested(
                entry.getValue(),
                () ->
                    SchemaErrors.keywordType(
                        "patternProperties",
                        "has property '" + entry.getKey() + "' which is not an object"));
        patterns.add(
            new AllowedPropertiesKeyword.PatternProperty(
                entry.getKey(), RegexCompiler.compile(entry.getKey(), ""), schema));
      }
    }
    if (additionalProperties == null) {
      return new AllowedPropertiesKeyword(named, patterns, null, true);
    }
    if (additionalProperties.isBoolean()) {
      return new AllowedPropertiesKeyword(
          named, patterns, null, additionalProperties.asBoolean().getValue());
    }
    if (!additionalProperties.isDocument()) {
      throw SchemaErrors.keywordType("additionalProperties", "must be an object or a boolean");
    }
    return new AllowedPropertiesKeyword(
        named, patterns, SchemaParser.parse(additionalProperties.asDocument()), false);
  }

  private static void count(
      BsonDocument schema, String keyword, boolean minimum, List<SchemaKeyword> out) {
    BsonValue operand = schema.get(keyword);
    if (operand != null) {
      long limit = IntegerOperand.nonNegativeLong(keyword, operand);
      out.add(new PropertyCountKeyword(keyword, operand, limit, minimum));
    }
  }
}
