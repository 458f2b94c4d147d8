package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code $jsonSchema} as a query operator: a table of schema x document -> matches, starting with
 * the examples of MongoDB's manual ({@code $jsonSchema}, "Specify JSON Schema Validation", "Specify
 * Allowed Field Values") and then each keyword's rules.
 */
class JsonSchemaMatchingTest {

  /** The manual's {@code $jsonSchema} query example over its {@code inventory} collection. */
  private static final String INVENTORY_SCHEMA =
      "{required: ['item', 'qty', 'instock'], properties: {item: {bsonType: 'string'},"
          + " qty: {bsonType: 'int'}, size: {bsonType: 'object', required: ['uom'],"
          + " properties: {uom: {bsonType: 'string'}, h: {bsonType: 'double'}}},"
          + " instock: {bsonType: 'bool'}}}";

  /** The manual's schema validation example ("Student Object Validation"). */
  private static final String STUDENT_SCHEMA =
      "{bsonType: 'object', title: 'Student Object Validation',"
          + " required: ['address', 'major', 'name', 'year'],"
          + " properties: {name: {bsonType: 'string', description: 'must be a string'},"
          + " year: {bsonType: 'int', minimum: 2017, maximum: 3017},"
          + " gpa: {bsonType: ['double'], description: 'must be a double if the field exists'}}}";

  private static final String SHIPPING_SCHEMA =
      "{bsonType: 'object', properties: {country: {enum: ['France', 'United Kingdom',"
          + " 'United States']}}}";

  static Stream<Arguments> table() {
    return Stream.of(
        // The manual's inventory: the documents whose instock is a boolean match.
        row(
            INVENTORY_SCHEMA,
            "{item: 'journal', qty: 25, size: {h: 14.0, w: 21, uom: 'cm'}, instock: true}",
            true),
        row(
            INVENTORY_SCHEMA,
            "{item: 'paper', qty: 100, size: {h: 8.5, w: 11, uom: 'in'}, instock: 1}",
            false),
        row(INVENTORY_SCHEMA, "{item: 'apple', qty: 45, status: 'A', instock: true}", true),
        row(INVENTORY_SCHEMA, "{item: 'apple', qty: 45.0, instock: true}", false),
        row(INVENTORY_SCHEMA, "{item: 'apple', qty: 45, size: {h: 1.0}, instock: true}", false),
        row(INVENTORY_SCHEMA, "{item: 'apple', qty: 45, size: 'big', instock: true}", false),
        // The manual's students: gpa must be a double, year an int in range.
        row(
            STUDENT_SCHEMA,
            "{name: 'Alice', year: 2019, major: 'History', gpa: 3.0, address: {city: 'NYC'}}",
            true),
        row(
            STUDENT_SCHEMA,
            "{name: 'Alice', year: 2019, major: 'History', gpa: 3, address: {city: 'NYC'}}",
            false),
        row(STUDENT_SCHEMA, "{name: 'Alice', year: 2016, major: 'History', address: {}}", false),
        row(STUDENT_SCHEMA, "{name: 'Alice', year: 2019, address: {}}", false),
        row(SHIPPING_SCHEMA, "{item: 'sweater', country: 'France'}", true),
        row(SHIPPING_SCHEMA, "{item: 'sweater', country: 'Germany'}", false),
        row(SHIPPING_SCHEMA, "{item: 'sweater'}", true),
        // bsonType and type.
        row("{properties: {a: {bsonType: 'number'}}}", "{a: {$numberDecimal: '1'}}", true),
        row("{properties: {a: {bsonType: ['string', 'null']}}}", "{a: null}", true),
        row("{properties: {a: {bsonType: 'long'}}}", "{a: 1}", false),
        row("{properties: {a: {type: 'number'}}}", "{a: {$numberLong: '1'}}", true),
        row("{properties: {a: {type: 'boolean'}}}", "{a: false}", true),
        row("{properties: {a: {type: 'object'}}}", "{a: [1]}", false),
        row("{properties: {a: {bsonType: 'array'}}}", "{a: [1]}", true),
        row("{properties: {a: {bsonType: 'int'}}}", "{a: [1]}", false),
        row("{bsonType: 'array'}", "{a: 1}", false),
        row("{bsonType: ['array', 'object']}", "{a: 1}", true),
        // required and properties.
        row("{required: ['a', 'b']}", "{a: 1, b: null}", true),
        row("{required: ['a', 'b']}", "{a: 1}", false),
        row("{properties: {a: {required: ['b']}}}", "{a: 1}", true),
        row("{properties: {a: {required: ['b']}}}", "{a: {c: 1}}", false),
        row("{required: ['a'], properties: {a: {minimum: 5}}}", "{}", false),
        // patternProperties and additionalProperties.
        row("{patternProperties: {'^s_': {bsonType: 'string'}}}", "{s_a: 'x', n: 1}", true),
        row("{patternProperties: {'^s_': {bsonType: 'string'}}}", "{s_a: 1}", false),
        row("{patternProperties: {'s_': {bsonType: 'string'}}}", "{xs_a: 1}", false),
        row("{properties: {a: {}}, additionalProperties: false}", "{a: 1}", true),
        row("{properties: {a: {}}, additionalProperties: false}", "{_id: 1, a: 1}", false),
        row(
            "{properties: {a: {}}, additionalProperties: {bsonType: 'int'}}",
            "{a: 'x', b: 2}",
            true),
        row(
            "{properties: {a: {}}, additionalProperties: {bsonType: 'int'}}",
            "{a: 'x', b: 'y'}",
            false),
        row("{patternProperties: {'^x': {}}, additionalProperties: false}", "{x1: 1, x2: 2}", true),
        row("{minProperties: 2}", "{a: 1}", false),
        row("{maxProperties: 1}", "{a: 1}", true),
        row("{properties: {a: {maxProperties: 1}}}", "{a: {b: 1, c: 2}}", false),
        // dependencies.
        row("{dependencies: {card: ['billing']}}", "{card: 1, billing: 2}", true),
        row("{dependencies: {card: ['billing']}}", "{card: 1}", false),
        row("{dependencies: {card: ['billing']}}", "{billing: 1}", true),
        row("{dependencies: {card: {required: ['billing']}}}", "{card: 1}", false),
        row("{dependencies: {card: {properties: {n: {minimum: 2}}}}}", "{card: 1, n: 2}", true),
        // enum.
        row("{properties: {a: {enum: [1, 'x', {b: 1, c: 2}]}}}", "{a: 1.0}", true),
        row("{properties: {a: {enum: [1, 'x', {b: 1, c: 2}]}}}", "{a: {c: 2, b: 1}}", true),
        row("{properties: {a: {enum: [[1, 2]]}}}", "{a: [2, 1]}", false),
        row("{properties: {a: {enum: [[1, 2]]}}}", "{a: [1, 2]}", true),
        row("{properties: {a: {enum: [1]}}}", "{a: [1]}", false),
        row("{enum: [{a: 1}]}", "{a: 1}", true),
        row("{enum: [{a: 1}]}", "{a: 2}", false),
        // Numbers.
        row("{properties: {a: {minimum: 5}}}", "{a: 5}", true),
        row("{properties: {a: {minimum: 5, exclusiveMinimum: true}}}", "{a: 5}", false),
        row("{properties: {a: {maximum: 5, exclusiveMaximum: true}}}", "{a: 4.99}", true),
        row("{properties: {a: {maximum: 5}}}", "{a: {$numberLong: '6'}}", false),
        row("{properties: {a: {minimum: 5}}}", "{a: 'not a number'}", true),
        row("{properties: {a: {minimum: 5}}}", "{a: [1]}", true),
        row("{properties: {a: {multipleOf: 2.5}}}", "{a: 7.5}", true),
        row("{properties: {a: {multipleOf: 2.5}}}", "{a: 6}", false),
        row("{properties: {a: {multipleOf: 0.1}}}", "{a: 0.3}", true),
        row("{properties: {a: {multipleOf: 3}}}", "{a: {$numberDecimal: '9.0'}}", true),
        row("{properties: {a: {multipleOf: 3}}}", "{a: {$numberDouble: 'NaN'}}", false),
        // Strings.
        row("{properties: {a: {minLength: 2, maxLength: 3}}}", "{a: 'ab'}", true),
        row("{properties: {a: {minLength: 2}}}", "{a: 'é'}", false),
        row("{properties: {a: {maxLength: 2}}}", "{a: '\u00e9\u00e9'}", true),
        row("{properties: {a: {maxLength: 1}}}", "{a: 5}", true),
        row("{properties: {a: {pattern: '^[a-z]+$'}}}", "{a: 'abc'}", true),
        row("{properties: {a: {pattern: 'b'}}}", "{a: 'abc'}", true),
        row("{properties: {a: {pattern: '^b'}}}", "{a: 'abc'}", false),
        row("{properties: {a: {pattern: '^b'}}}", "{a: {$symbol: 'abc'}}", true),
        // Arrays.
        row("{properties: {a: {minItems: 2}}}", "{a: [1]}", false),
        row("{properties: {a: {maxItems: 2}}}", "{a: [1, 2]}", true),
        row("{properties: {a: {uniqueItems: true}}}", "{a: [1, 2, 1.0]}", false),
        row("{properties: {a: {uniqueItems: true}}}", "{a: [{x: 1, y: 2}, {y: 2, x: 1}]}", false),
        row("{properties: {a: {uniqueItems: true}}}", "{a: [1, [1]]}", true),
        row("{properties: {a: {items: {bsonType: 'int'}}}}", "{a: [1, 2]}", true),
        row("{properties: {a: {items: {bsonType: 'int'}}}}", "{a: [1, 'x']}", false),
        row("{properties: {a: {items: {bsonType: 'int'}}}}", "{a: 'x'}", true),
        row(
            "{properties: {a: {items: [{bsonType: 'int'}, {bsonType: 'string'}]}}}",
            "{a: [1, 'x', true]}",
            true),
        row(
            "{properties: {a: {items: [{bsonType: 'int'}, {bsonType: 'string'}]}}}",
            "{a: ['x']}",
            false),
        row(
            "{properties: {a: {items: [{bsonType: 'int'}], additionalItems: false}}}",
            "{a: [1, 2]}",
            false),
        row(
            "{properties: {a: {items: [{bsonType: 'int'}], additionalItems: {bsonType: 'bool'}}}}",
            "{a: [1, true]}",
            true),
        row(
            "{properties: {a: {items: {bsonType: 'int'}, additionalItems: false}}}",
            "{a: [1, 2]}",
            true),
        // allOf, anyOf, oneOf, not.
        row("{properties: {a: {allOf: [{minimum: 1}, {maximum: 3}]}}}", "{a: 4}", false),
        row("{properties: {a: {anyOf: [{bsonType: 'string'}, {minimum: 3}]}}}", "{a: 4}", true),
        row("{properties: {a: {oneOf: [{minimum: 1}, {minimum: 3}]}}}", "{a: 4}", false),
        row("{properties: {a: {oneOf: [{minimum: 1}, {minimum: 3}]}}}", "{a: 2}", true),
        row("{properties: {a: {not: {bsonType: 'string'}}}}", "{a: 'x'}", false),
        row("{properties: {a: {not: {bsonType: 'string'}}}}", "{a: 1}", true),
        row("{not: {required: ['a']}}", "{b: 1}", true),
        row("{required: ['a'], properties: {a: {not: {}}}}", "{a: 1}", false),
        // Annotations do not change matching.
        row("{title: 't', description: 'd', properties: {a: {title: 'x'}}}", "{a: 1}", true),
        row("{}", "{a: 1}", true));
  }

  @ParameterizedTest(name = "{0} on {1} -> {2}")
  @MethodSource("table")
  void jsonSchemaMatchesAsMongoDbDoes(String schema, String document, boolean expected) {
    Filter filter = Filter.parse(doc("{$jsonSchema: " + schema + "}"));
    assertThat(filter.matches(doc(document))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} on {1} -> {2}")
  @MethodSource("table")
  void notOfJsonSchemaMatchesTheRest(String schema, String document, boolean expected) {
    Filter filter = Filter.parse(doc("{$nor: [{$jsonSchema: " + schema + "}]}"));
    assertThat(filter.matches(doc(document))).isEqualTo(!expected);
  }

  @Test
  void jsonSchemaInsideElemMatchSeesEachElement() {
    Filter filter = Filter.parse(doc("{a: {$elemMatch: {$jsonSchema: {required: ['b']}, c: 1}}}"));
    assertThat(filter.matches(doc("{a: [{b: 1}, {b: 2, c: 1}]}"))).isTrue();
    assertThat(filter.matches(doc("{a: [{b: 1}, {c: 1}]}"))).isFalse();
  }

  @Test
  void jsonSchemaCombinesWithOtherConditions() {
    Filter filter = Filter.parse(doc("{$jsonSchema: {required: ['a']}, b: {$gt: 1}}"));
    assertThat(filter.matches(doc("{a: 1, b: 2}"))).isTrue();
    assertThat(filter.matches(doc("{a: 1, b: 1}"))).isFalse();
    assertThat(filter.matches(doc("{b: 2}"))).isFalse();
  }

  private static Arguments row(String schema, String document, boolean matches) {
    return Arguments.of(schema, document, matches);
  }
}
