package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.QueryException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Invalid schemas fail with MongoDB's code and message, naming the keyword. */
class JsonSchemaParseErrorsTest {

  static Stream<Arguments> invalidSchemas() {
    return Stream.of(
        row("{$ref: '#/a'}", 9, "$jsonSchema keyword '$ref' is not currently supported"),
        row("{$schema: 'x'}", 9, "$jsonSchema keyword '$schema' is not currently supported"),
        row("{default: 1}", 9, "$jsonSchema keyword 'default' is not currently supported"),
        row("{definitions: {}}", 9, "$jsonSchema keyword 'definitions' is not currently supported"),
        row(
            "{properties: {a: {format: 'email'}}}",
            9,
            "$jsonSchema keyword 'format' is not currently supported"),
        row("{id: 'x'}", 9, "$jsonSchema keyword 'id' is not currently supported"),
        row("{bogus: 1}", 9, "Unknown $jsonSchema keyword: bogus"),
        row("{items: {bogus: 1}}", 9, "Unknown $jsonSchema keyword: bogus"),
        row(
            "{encrypt: {}}",
            238,
            "$jsonSchema keyword 'encrypt' is not supported: no field level encryption"),
        row("{title: 5}", 14, "$jsonSchema keyword 'title' must be of type string"),
        row("{description: 5}", 14, "$jsonSchema keyword 'description' must be of type string"),
        row(
            "{type: 'object', bsonType: 'object'}",
            9,
            "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'"),
        row(
            "{bsonType: 1}",
            14,
            "$jsonSchema keyword 'bsonType' must be either a string or an array of strings"),
        row("{bsonType: [1]}", 14, "$jsonSchema keyword 'bsonType' array elements must be strings"),
        row("{bsonType: 'integer'}", 9, "$jsonSchema type 'integer' is not currently supported."),
        row("{type: 'int'}", 2, "Unknown type name alias: int"),
        row("{bsonType: 'bogus'}", 2, "Unknown type name alias: bogus"),
        row(
            "{bsonType: ['int', 'int']}",
            9,
            "$jsonSchema keyword 'bsonType' has duplicate value: int"),
        row("{bsonType: []}", 9, "$jsonSchema keyword 'bsonType' must name at least one type"),
        row("{minimum: 'x'}", 14, "$jsonSchema keyword 'minimum' must be a number"),
        row(
            "{minimum: 5, exclusiveMinimum: 6}",
            14,
            "$jsonSchema keyword 'exclusiveMinimum' must be a boolean"),
        row(
            "{exclusiveMinimum: true}",
            9,
            "$jsonSchema keyword 'minimum' must be a present if exclusiveMinimum is present"),
        row(
            "{exclusiveMaximum: true}",
            9,
            "$jsonSchema keyword 'maximum' must be a present if exclusiveMaximum is present"),
        row("{multipleOf: 'x'}", 14, "$jsonSchema keyword 'multipleOf' must be a number"),
        row("{multipleOf: 0}", 9, "$jsonSchema keyword 'multipleOf' must have a positive value"),
        row("{multipleOf: -2}", 9, "$jsonSchema keyword 'multipleOf' must have a positive value"),
        row("{minLength: -1}", 9, "Expected a positive number in: minLength: -1"),
        row("{maxLength: 'x'}", 9, "Expected a number in: maxLength: \"x\""),
        row("{minItems: 1.5}", 9, "Expected an integer: minItems: 1.5"),
        row("{pattern: 1}", 14, "$jsonSchema keyword 'pattern' must be a string"),
        row("{uniqueItems: 1}", 14, "$jsonSchema keyword 'uniqueItems' must be a boolean"),
        row("{items: 1}", 14, "$jsonSchema keyword 'items' must be an array or an object, not int"),
        row(
            "{items: [1]}",
            14,
            "$jsonSchema keyword 'items' requires that each element of the array is an object,"
                + " but found a int"),
        row(
            "{additionalItems: 1}",
            14,
            "$jsonSchema keyword 'additionalItems' must be either an object or a boolean, but got"
                + " a int"),
        row(
            "{required: 'a'}",
            14,
            "$jsonSchema keyword 'required' must be an array, but found an element of type string"),
        row(
            "{required: [1]}",
            14,
            "$jsonSchema keyword 'required' must be an array of strings, but found an element of"
                + " type: int"),
        row("{required: []}", 9, "$jsonSchema keyword 'required' cannot be an empty array"),
        row(
            "{required: ['a', 'a']}",
            9,
            "$jsonSchema keyword 'required' array cannot contain duplicate values"),
        row("{properties: 1}", 14, "$jsonSchema keyword 'properties' must be an object"),
        row(
            "{properties: {a: 1}}",
            14,
            "Nested schema for $jsonSchema property 'a' must be an object"),
        row(
            "{patternProperties: {a: 1}}",
            14,
            "$jsonSchema keyword 'patternProperties' has property 'a' which is not an object"),
        row(
            "{additionalProperties: 1}",
            14,
            "$jsonSchema keyword 'additionalProperties' must be an object or a boolean"),
        row("{dependencies: 1}", 14, "$jsonSchema keyword 'dependencies' must be an object"),
        row(
            "{dependencies: {a: 1}}",
            14,
            "property 'a' in $jsonSchema keyword 'dependencies' must be either an object or an"
                + " array"),
        row(
            "{dependencies: {a: []}}",
            9,
            "property 'a' in $jsonSchema keyword 'dependencies' cannot be an empty array"),
        row(
            "{dependencies: {a: ['b', 'b']}}",
            9,
            "array 'a' in $jsonSchema keyword 'dependencies' contains duplicate element: b"),
        row("{allOf: {}}", 14, "$jsonSchema keyword 'allOf' must be an array"),
        row("{anyOf: []}", 2, "$jsonSchema keyword 'anyOf' must be a non-empty array"),
        row(
            "{oneOf: [1]}",
            14,
            "$jsonSchema keyword 'oneOf' must be an array of objects, but found an element of type"
                + " int"),
        row(
            "{not: []}",
            14,
            "$jsonSchema keyword 'not' must be an object, but found an element of type array"),
        row(
            "{enum: 1}",
            14,
            "$jsonSchema keyword 'enum' must be an array, but found an element of type int"),
        row("{enum: []}", 9, "$jsonSchema keyword 'enum' cannot be an empty array"),
        row(
            "{enum: [{a: 1, b: 2}, {b: 2, a: 1}]}",
            9,
            "$jsonSchema keyword 'enum' array cannot contain duplicate values."),
        row(
            "{properties: {'a.b': {}}}",
            238,
            "$jsonSchema keyword 'properties' with a dotted property name is not supported:"
                + " 'a.b'"));
  }

  @ParameterizedTest(name = "{0} -> {1} {2}")
  @MethodSource("invalidSchemas")
  void invalidSchemaIsRefusedAsMongoDbRefusesIt(String schema, int code, String message) {
    assertThatThrownBy(() -> Filter.parse(doc("{$jsonSchema: " + schema + "}")))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> {
              assertThat(e.getMessage()).isEqualTo(message);
              assertThat(e.code()).isEqualTo(code);
            });
  }

  private static Arguments row(String schema, int code, String message) {
    return Arguments.of(schema, code, message);
  }
}
