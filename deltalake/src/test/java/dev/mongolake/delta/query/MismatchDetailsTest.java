package dev.mongolake.delta.query;

import static dev.mongolake.delta.query.Documents.doc;
import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonBoolean;
import org.junit.jupiter.api.Test;

/**
 * The details of why a document fails a filter, in MongoDB's document validation error shape; the
 * first cases are the errors MongoDB's manual shows for its schema validation examples.
 */
class MismatchDetailsTest {

  private static String details(String filter, String document) {
    Filter parsed = Filter.parse(doc(filter));
    assertThat(parsed.matches(doc(document))).isFalse();
    return parsed.explainMismatch(doc(document)).toJson();
  }

  private static void assertDetails(String filter, String document, String expected) {
    assertThat(details(filter, document)).isEqualTo(doc(expected).toJson());
  }

  @Test
  void jsonSchemaTypeMismatchIsReportedUnderItsProperty() {
    assertDetails(
        "{$jsonSchema: {bsonType: 'object', title: 'Student Object Validation',"
            + " required: ['address', 'major', 'name', 'year'], properties: {"
            + " name: {bsonType: 'string', description: \"'name' must be a string and is"
            + " required\"},"
            + " year: {bsonType: 'int', minimum: 2017, maximum: 3017},"
            + " gpa: {bsonType: ['double'], description: \"'gpa' must be a double if the field"
            + " exists\"}}}}",
        "{name: 'Alice', year: 2019, major: 'History', gpa: 3, address: {city: 'NYC',"
            + " street: '33rd Street'}}",
        "{operatorName: '$jsonSchema', title: 'Student Object Validation',"
            + " schemaRulesNotSatisfied: [{operatorName: 'properties', propertiesNotSatisfied: ["
            + "{propertyName: 'gpa', description: \"'gpa' must be a double if the field exists\","
            + " details: [{operatorName: 'bsonType', specifiedAs: {bsonType: ['double']},"
            + " reason: 'type did not match', consideredValue: 3, consideredType: 'int'}]}]}]}");
  }

  @Test
  void jsonSchemaEnumMismatchNamesTheValue() {
    assertDetails(
        "{$jsonSchema: {bsonType: 'object', title: 'Shipping Country Validation', properties: {"
            + "country: {enum: ['France', 'United Kingdom', 'United States'],"
            + " description: 'Must be either France, United Kingdom, or United States'}}}}",
        "{item: 'sweater', size: 'medium', country: 'Germany'}",
        "{operatorName: '$jsonSchema', title: 'Shipping Country Validation',"
            + " schemaRulesNotSatisfied: [{operatorName: 'properties', propertiesNotSatisfied: ["
            + "{propertyName: 'country', description: 'Must be either France, United Kingdom, or"
            + " United States', details: [{operatorName: 'enum', specifiedAs: {enum: ['France',"
            + " 'United Kingdom', 'United States']}, reason: 'value was not found in enum',"
            + " consideredValue: 'Germany'}]}]}]}");
  }

  @Test
  void jsonSchemaRequiredListsTheMissingPropertiesSorted() {
    assertDetails(
        "{$jsonSchema: {required: ['name', 'age', 'email'], properties: {age: {bsonType:"
            + " 'int'}}}}",
        "{email: 'a@b'}",
        "{operatorName: '$jsonSchema', schemaRulesNotSatisfied: [{operatorName: 'required',"
            + " specifiedAs: {required: ['name', 'age', 'email']},"
            + " missingProperties: ['age', 'name']}]}");
  }

  @Test
  void jsonSchemaMinimumReportsTheComparison() {
    assertDetails(
        "{$jsonSchema: {properties: {year: {bsonType: 'int', minimum: 2017}}}}",
        "{year: 2016}",
        "{operatorName: '$jsonSchema', schemaRulesNotSatisfied: [{operatorName: 'properties',"
            + " propertiesNotSatisfied: [{propertyName: 'year', details: [{operatorName:"
            + " 'minimum', specifiedAs: {minimum: 2017}, reason: 'comparison failed',"
            + " consideredValue: 2016}]}]}]}");
    assertDetails(
        "{$jsonSchema: {properties: {n: {maximum: 5, exclusiveMaximum: true}}}}",
        "{n: 5}",
        "{operatorName: '$jsonSchema', schemaRulesNotSatisfied: [{operatorName: 'properties',"
            + " propertiesNotSatisfied: [{propertyName: 'n', details: [{operatorName: 'maximum',"
            + " specifiedAs: {maximum: 5, exclusiveMaximum: true}, reason: 'comparison failed',"
            + " consideredValue: 5}]}]}]}");
  }

  @Test
  void jsonSchemaAdditionalPropertiesFalseListsTheExtraFields() {
    assertDetails(
        "{$jsonSchema: {properties: {_id: {}, name: {}}, additionalProperties: false}}",
        "{_id: 1, name: 'x', extra: 2, other: 3}",
        "{operatorName: '$jsonSchema', schemaRulesNotSatisfied: [{operatorName:"
            + " 'additionalProperties', specifiedAs: {additionalProperties: false},"
            + " additionalProperties: ['extra', 'other']}]}");
  }

  @Test
  void jsonSchemaItemsAndCombinationsNameTheFailingIndexes() {
    assertDetails(
        "{$jsonSchema: {properties: {a: {items: {bsonType: 'int'}}}}}",
        "{a: [1, 'x']}",
        "{operatorName: '$jsonSchema', schemaRulesNotSatisfied: [{operatorName: 'properties',"
            + " propertiesNotSatisfied: [{propertyName: 'a', details: [{operatorName: 'items',"
            + " reason: 'At least one item did not match the sub-schema', itemIndex: 1,"
            + " details: [{operatorName: 'bsonType', specifiedAs: {bsonType: 'int'},"
            + " reason: 'type did not match', consideredValue: 'x', consideredType:"
            + " 'string'}]}]}]}]}");
    assertDetails(
        "{$jsonSchema: {anyOf: [{required: ['a']}, {required: ['b']}]}}",
        "{c: 1}",
        "{operatorName: '$jsonSchema', schemaRulesNotSatisfied: [{operatorName: 'anyOf',"
            + " schemasNotSatisfied: [{index: 0, details: [{operatorName: 'required', specifiedAs:"
            + " {required: ['a']}, missingProperties: ['a']}]}, {index: 1, details: [{operatorName:"
            + " 'required', specifiedAs: {required: ['b']}, missingProperties: ['b']}]}]}]}");
  }

  @Test
  void comparisonReportsTheConsideredValue() {
    assertDetails(
        "{qty: {$gt: 5}}",
        "{qty: 3}",
        "{operatorName: '$gt', specifiedAs: {qty: {$gt: 5}}, reason: 'comparison failed',"
            + " consideredValue: 3}");
    assertDetails(
        "{tags: 'x'}",
        "{tags: ['a', 'b']}",
        "{operatorName: '$eq', specifiedAs: {tags: 'x'}, reason: 'comparison failed',"
            + " consideredValues: ['a', 'b']}");
  }

  @Test
  void missingFieldIsReportedAsMissing() {
    assertDetails(
        "{qty: {$gte: 1}}",
        "{other: 3}",
        "{operatorName: '$gte', specifiedAs: {qty: {$gte: 1}}, reason: 'field was missing'}");
  }

  @Test
  void operatorOfTheWrongTypeReportsTheTypes() {
    assertDetails(
        "{a: {$size: 2}}",
        "{a: 'xy'}",
        "{operatorName: '$size', specifiedAs: {a: {$size: 2}}, reason: 'type did not match',"
            + " consideredType: 'string', expectedType: 'array', consideredValue: 'xy'}");
  }

  @Test
  void orReportsEveryClause() {
    assertDetails(
        "{$or: [{phone: {$type: 'string'}}, {email: {$regex: '@mongodb\\\\.com$'}},"
            + " {status: {$in: ['Unknown', 'Incomplete']}}]}",
        "{name: 'Amanda', email: 'amanda@xyz.com', status: 'A'}",
        "{operatorName: '$or', clausesNotSatisfied: [{index: 0, details: {operatorName: '$type',"
            + " specifiedAs: {phone: {$type: 'string'}}, reason: 'field was missing'}},"
            + " {index: 1, details: {operatorName: '$regex', specifiedAs: {email: {$regex:"
            + " '@mongodb\\\\.com$'}}, reason: 'regular expression did not match',"
            + " consideredValue: 'amanda@xyz.com'}}, {index: 2, details: {operatorName: '$in',"
            + " specifiedAs: {status: {$in: ['Unknown', 'Incomplete']}}, reason: 'no matching"
            + " value found in array', consideredValue: 'A'}}]}");
  }

  @Test
  void severalClausesAreAnImplicitAndNamingTheFailingOnes() {
    assertDetails(
        "{a: 1, b: {$gt: 2, $lt: 9}, $comment: 'c'}",
        "{a: 1, b: 10}",
        "{operatorName: '$and', clausesNotSatisfied: [{index: 2, details: {operatorName: '$lt',"
            + " specifiedAs: {b: {$lt: 9}}, reason: 'comparison failed', consideredValue: 10}}]}");
  }

  @Test
  void norAndNotExplainWhatMatched() {
    assertDetails(
        "{$nor: [{a: 1}, {b: 1}]}",
        "{a: 1, b: 2}",
        "{operatorName: '$nor', clausesNotSatisfied: [{index: 0, details: {operatorName: '$eq',"
            + " specifiedAs: {a: 1}, reason: 'comparison succeeded', consideredValue: 1}}]}");
    assertDetails(
        "{a: {$not: {$gt: 1}}}",
        "{a: 2}",
        "{operatorName: '$not', details: {operatorName: '$gt', specifiedAs: {a: {$gt: 1}},"
            + " reason: 'comparison succeeded', consideredValue: 2}}");
  }

  @Test
  void exprReportsItsResult() {
    Filter filter =
        Filter.parse(doc("{$expr: {$eq: ['$totalWithVAT', '$total']}}"))
            .withExpressionEvaluator((expression, document) -> BsonBoolean.FALSE);
    assertThat(filter.explainMismatch(doc("{total: 1, totalWithVAT: 2}")).toJson())
        .isEqualTo(
            doc("{operatorName: '$expr', specifiedAs: {$expr: {$eq: ['$totalWithVAT',"
                    + " '$total']}}, reason: 'expression did not match', expressionResult:"
                    + " false}")
                .toJson());
  }
}
