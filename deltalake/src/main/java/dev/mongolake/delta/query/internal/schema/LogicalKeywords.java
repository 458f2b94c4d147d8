package dev.mongolake.delta.query.internal.schema;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Parses {@code allOf}, {@code anyOf}, {@code oneOf}, {@code not} and {@code enum}. */
final class LogicalKeywords {
  private LogicalKeywords() {}

  static void parse(BsonDocument schema, List<SchemaKeyword> out) {
    for (String keyword : List.of("allOf", "anyOf", "oneOf")) {
      BsonValue operand = schema.get(keyword);
      if (operand != null) {
        out.add(new CombinationKeyword(keyword, schemas(keyword, operand)));
      }
    }
    BsonValue not = schema.get("not");
    if (not != null) {
      out.add(
          new NotKeyword(
              SchemaParser.nested(
                  not,
                  () ->
                      SchemaErrors.keywordType(
                          "not",
                          "must be an object, but found an element of type "
                              + SchemaErrors.typeOf(not)))));
    }
    BsonValue values = schema.get("enum");
    if (values != null) {
      out.add(new EnumKeyword(enumValues(values)));
    }
  }

  private static List<Subschema> schemas(String keyword, BsonValue operand) {
    if (!operand.isArray()) {
      throw SchemaErrors.keywordType(keyword, "must be an array");
    }
    if (operand.asArray().isEmpty()) {
      throw SchemaErrors.badValue(
          "$jsonSchema keyword '" + keyword + "' must be a non-empty array");
    }
    List<Subschema> schemas = new ArrayList<>();
    for (BsonValue schema : operand.asArray()) {
      schemas.add(
          SchemaParser.nested(
              schema,
              () ->
                  SchemaErrors.keywordType(
                      keyword,
                      "must be an array of objects, but found an element of type "
                          + SchemaErrors.typeOf(schema))));
    }
    return schemas;
  }

  private static BsonArray enumValues(BsonValue operand) {
    if (!operand.isArray()) {
      throw SchemaErrors.keywordType(
          "enum", "must be an array, but found an element of type " + SchemaErrors.typeOf(operand));
    }
    BsonArray values = operand.asArray();
    if (values.isEmpty()) {
      throw SchemaErrors.keywordValue("enum", "cannot be an empty array");
    }
    for (int i = 1; i < values.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (BsonEquality.equal(values.get(i), values.get(j))) {
          throw SchemaErrors.keywordValue("enum", "array cannot contain duplicate values.");
        }
      }
    }
    return values;
  }
}
