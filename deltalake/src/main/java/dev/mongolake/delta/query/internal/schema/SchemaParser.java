package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Parses a {@code $jsonSchema} object with MongoDB's checks, in MongoDB's order: unknown and
 * unsupported keywords first, then {@code title}/{@code description}, the type keywords, and the
 * scalar, array, object and logical keyword families (see {@link ScalarKeywords}, {@link
 * ArrayKeywords}, {@link ObjectKeywords}, {@link LogicalKeywords}), whose keywords the parsed
 * schema then evaluates and reports in that order, the type keyword last.
 */
public final class SchemaParser {
  private static final Set<String> KEYWORDS =
      Set.of(
          "additionalItems",
          "additionalProperties",
          "allOf",
          "anyOf",
          "bsonType",
          "dependencies",
          "description",
          "enum",
          "exclusiveMaximum",
          "exclusiveMinimum",
          "items",
          "maxItems",
          "maxLength",
          "maxProperties",
          "maximum",
          "minItems",
          "minLength",
          "minProperties",
          "minimum",
          "multipleOf",
          "not",
          "oneOf",
          "pattern",
          "patternProperties",
          "properties",
          "required",
          "title",
          "type",
          "uniqueItems");

  /** JSON Schema keywords MongoDB refuses (its "Omissions"). */
  private static final Set<String> UNSUPPORTED =
      Set.of("$ref", "$schema", "default", "definitions", "format", "id");

  /** MongoDB's client-side field level encryption keywords, which MongoLake does not implement. */
  private static final Set<String> ENCRYPTION = Set.of("encrypt", "encryptMetadata");

  private SchemaParser() {}

  /**
   * Parses a schema object.
   *
   * @throws QueryException with MongoDB's code and message for an invalid schema
   */
  public static Subschema parse(BsonDocument schema) {
    for (String keyword : schema.keySet()) {
      if (UNSUPPORTED.contains(keyword)) {
        throw SchemaErrors.keywordValue(keyword, "is not currently supported");
      }
      if (ENCRYPTION.contains(keyword)) {
        throw new QueryException(
            QueryErrorCode.NOT_IMPLEMENTED,
            "$jsonSchema keyword '" + keyword + "' is not supported: no field level encryption");
      }
      if (!KEYWORDS.contains(keyword)) {
        throw SchemaErrors.failedToParse("Unknown $jsonSchema keyword: " + keyword);
      }
    }
    String description = annotation(schema, "description");
    String title = annotation(schema, "title");
    TypeKeyword type = typeKeyword(schema);
    List<SchemaKeyword> keywords = new ArrayList<>();
    ScalarKeywords.parse(schema, keywords);
    ArrayKeywords.parse(schema, keywords);
    ObjectKeywords.parse(schema, keywords);
    LogicalKeywords.parse(schema, keywords);
    if (type != null) {
      keywords.add(type);
    }
    return new Subschema(keywords, title, description);
  }

  /** Parses a nested schema, which must be an object (else {@code notAnObject} is thrown). */
  static Subschema nested(BsonValue schema, Supplier<QueryException> notAnObject) {
    if (!schema.isDocument()) {
      throw notAnObject.get();
    }
    return parse(schema.asDocument());
  }

  private static String annotation(BsonDocument schema, String keyword) {
    BsonValue value = schema.get(keyword);
    if (value == null) {
      return null;
    }
    if (!value.isString()) {
      throw SchemaErrors.keywordType(keyword, "must be of type string");
    }
    return value.asString().getValue();
  }

  private static TypeKeyword typeKeyword(BsonDocument schema) {
    BsonValue type = schema.get("type");
    BsonValue bsonType = schema.get("bsonType");
    if (type != null && bsonType != null) {
      throw SchemaErrors.failedToParse(
          "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'");
    }
    if (type != null) {
      return TypeSets.parse("type", type, true);
    }
    return bsonType == null ? null : TypeSets.parse("bsonType", bsonType, false);
  }
}
