package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.UPDATE;
import static dev.mongolake.update.UpdateTesting.applyWithFilters;
import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertDocument;
import static dev.mongolake.update.UpdateTesting.assertFails;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.assertUpdate;
import static dev.mongolake.update.UpdateTesting.doc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.junit.jupiter.api.Test;

class PositionalTest {
  private static UpdateResult positional(String update, String document, int matched) {
    return Update.parse(doc(update)).apply(doc(document), UPDATE.withPositionalMatch(matched));
  }

  @Test
  void positionalDollarUpdatesTheMatchedElement() {
    UpdateResult result =
        positional("{$set: {'grades.$': 82}}", "{_id: 1, grades: [85, 80, 80]}", 1);
    assertDocument(result.document(), "{_id: 1, grades: [85, 82, 80]}");
  }

  @Test
  void positionalDollarReachesIntoTheMatchedDocument() {
    UpdateResult result =
        positional(
            "{$inc: {'grades.$.std': -2}}",
            "{_id: 4, grades: [{grade: 80, std: 8}, {grade: 85, std: 5}]}",
            1);
    assertDocument(
        result.document(), "{_id: 4, grades: [{grade: 80, std: 8}, {grade: 85, std: 3}]}");
  }

  @Test
  void positionalDollarWithoutAMatchIsRefused() {
    assertApplyFails(
        "{$set: {'a.$': 1}}",
        "{_id: 1, a: [1]}",
        ErrorCode.BAD_VALUE,
        "The positional operator did not find the match needed from the query.");
  }

  @Test
  void positionalDollarOnUpsertInsertIsRefused() {
    Update update = Update.parse(doc("{$set: {'a.$': 1}}"));
    assertFails(
        () -> update.apply(doc("{}"), UpdateTesting.UPSERT_INSERT),
        ErrorCode.BAD_VALUE,
        "The positional operator did not find the match needed from the query.");
  }

  @Test
  void positionalDollarMayNotComeFirstOrTwice() {
    assertParseFails(
        "{$set: {'$.a': 1}}",
        ErrorCode.BAD_VALUE,
        "Cannot have positional (i.e. '$') element in the first position in path '$.a'");
    assertParseFails(
        "{$set: {'a.$.b.$': 1}}",
        ErrorCode.BAD_VALUE,
        "Too many positional (i.e. '$') elements found in path 'a.$.b.$'");
  }

  @Test
  void allPositionalUpdatesEveryElement() {
    assertUpdate(
        "{$inc: {'grades.$[]': 10}}",
        "{_id: 1, grades: [85, 82, 80]}",
        "{_id: 1, grades: [95, 92, 90]}");
  }

  @Test
  void allPositionalReachesIntoEveryDocument() {
    assertUpdate(
        "{$set: {'grades.$[].std': 0}}",
        "{_id: 1, grades: [{g: 1, std: 3}, {g: 2}]}",
        "{_id: 1, grades: [{g: 1, std: 0}, {g: 2, std: 0}]}");
  }

  @Test
  void allPositionalNestsAcrossArrays() {
    assertUpdate(
        "{$inc: {'a.$[].b.$[]': 1}}",
        "{_id: 1, a: [{b: [1, 2]}, {b: [3]}]}",
        "{_id: 1, a: [{b: [2, 3]}, {b: [4]}]}");
  }

  @Test
  void allPositionalOnAnEmptyArrayIsANoOp() {
    UpdateResult result = UpdateTesting.apply("{$set: {'a.$[]': 1}}", "{_id: 1, a: []}");
    assertThat(result.modified()).isFalse();
  }

  @Test
  void allPositionalOnANonArrayIsRefused() {
    assertApplyFails(
        "{$set: {'a.$[]': 1}}",
        "{_id: 1, a: 5}",
        ErrorCode.BAD_VALUE,
        "Cannot apply array updates to non-array element a: 5");
  }

  @Test
  void allPositionalOnAMissingArrayIsRefused() {
    assertApplyFails(
        "{$set: {'a.$[].b': 1}}",
        "{_id: 1}",
        ErrorCode.BAD_VALUE,
        "The path 'a' must exist in the document in order to apply array updates.");
  }

  @Test
  void allPositionalThroughAScalarElementIsPathNotViable() {
    assertApplyFails(
        "{$set: {'a.$[].b': 1}}",
        "{_id: 1, a: [{b: 0}, 7]}",
        ErrorCode.PATH_NOT_VIABLE,
        "Cannot create field 'b' in element {1: 7}");
  }

  @Test
  void filteredPositionalUpdatesOnlyMatchingElements() {
    UpdateResult result =
        applyWithFilters(
            "{$set: {'grades.$[element]': 100}}",
            List.of("{element: {$gte: 100}}"),
            "{_id: 1, grades: [95, 102, 90, 150]}");
    assertDocument(result.document(), "{_id: 1, grades: [95, 100, 90, 100]}");
  }

  @Test
  void filteredPositionalMatchesDocumentElementsByField() {
    UpdateResult result =
        applyWithFilters(
            "{$set: {'grades.$[elem].mean': 100}}",
            List.of("{'elem.grade': {$gte: 85}}"),
            "{_id: 1, grades: [{grade: 80, mean: 75}, {grade: 85, mean: 90}, {grade: 85, mean: 85}]}");
    assertDocument(
        result.document(),
        "{_id: 1, grades: [{grade: 80, mean: 75}, {grade: 85, mean: 100}, {grade: 85, mean: 100}]}");
  }

  @Test
  void filteredPositionalWithSeveralConditionsOnOneIdentifier() {
    UpdateResult result =
        applyWithFilters(
            "{$inc: {'grades.$[elem].std': -1}}",
            List.of("{'elem.grade': {$gte: 80}, 'elem.std': {$gte: 5}}"),
            "{_id: 1, grades: [{grade: 80, std: 6}, {grade: 85, std: 4}, {grade: 70, std: 9}]}");
    assertDocument(
        result.document(),
        "{_id: 1, grades: [{grade: 80, std: 5}, {grade: 85, std: 4}, {grade: 70, std: 9}]}");
  }

  @Test
  void filteredPositionalNestedWithTwoIdentifiers() {
    UpdateResult result =
        applyWithFilters(
            "{$inc: {'degrees.$[d].grades.$[g]': 1}}",
            List.of("{'d.level': 1}", "{g: {$lt: 5}}"),
            "{_id: 1, degrees: [{level: 1, grades: [4, 9]}, {level: 2, grades: [1]}]}");
    assertDocument(
        result.document(),
        "{_id: 1, degrees: [{level: 1, grades: [5, 9]}, {level: 2, grades: [1]}]}");
  }

  @Test
  void filteredPositionalCombinedWithAllPositional() {
    UpdateResult result =
        applyWithFilters(
            "{$set: {'a.$[].b.$[x]': 0}}",
            List.of("{x: {$gt: 1}}"),
            "{_id: 1, a: [{b: [1, 2]}, {b: [3]}]}");
    assertDocument(result.document(), "{_id: 1, a: [{b: [1, 0]}, {b: [0]}]}");
  }

  @Test
  void filteredPositionalWithOrFilter() {
    UpdateResult result =
        applyWithFilters(
            "{$set: {'a.$[e]': 0}}", List.of("{$or: [{e: 1}, {e: 3}]}"), "{_id: 1, a: [1, 2, 3]}");
    assertDocument(result.document(), "{_id: 1, a: [0, 2, 0]}");
  }

  @Test
  void filteredPositionalSelectsBeforeModifying() {
    // Each element is tested against the filter before any is changed.
    UpdateResult result =
        applyWithFilters(
            "{$inc: {'a.$[e]': 1}}", List.of("{e: {$lt: 3}}"), "{_id: 1, a: [1, 2, 3]}");
    assertDocument(result.document(), "{_id: 1, a: [2, 3, 3]}");
  }

  @Test
  void identifierWithoutFilterIsRefused() {
    assertParseFails(
        "{$set: {'a.$[x]': 1}}",
        ErrorCode.BAD_VALUE,
        "No array filter found for identifier 'x' in path 'a.$[x]'");
  }

  @Test
  void unusedArrayFilterIsRefused() {
    assertFails(
        () -> applyWithFilters("{$set: {a: 1}}", List.of("{x: 1}"), "{_id: 1}"),
        ErrorCode.FAILED_TO_PARSE,
        "The array filter for identifier 'x' was not used in the update { $set: { a: 1 } }");
  }

  @Test
  void arrayFiltersMustNameOneIdentifier() {
    assertFails(
        () -> applyWithFilters("{$set: {'a.$[x]': 1}}", List.of("{x: 1, y: 2}"), "{}"),
        ErrorCode.FAILED_TO_PARSE,
        "Error parsing array filter :: caused by :: Expected a single top-level field name, found"
            + " 'x' and 'y'");
    assertFails(
        () -> applyWithFilters("{$set: {'a.$[x]': 1}}", List.of("{}"), "{}"),
        ErrorCode.FAILED_TO_PARSE,
        "Cannot use an expression without a top-level field name in arrayFilters");
  }

  @Test
  void arrayFiltersMayNotUseExprOrJsonSchema() {
    assertFails(
        () ->
            applyWithFilters(
                "{$set: {'a.$[x]': 1}}", List.of("{$expr: {$eq: [1, 1]}}"), "{a: [1]}"),
        ErrorCode.QUERY_FEATURE_NOT_ALLOWED,
        "Error parsing array filter :: caused by :: $expr is not allowed in this context");
    assertFails(
        () -> applyWithFilters("{$set: {'a.$[x]': 1}}", List.of("{x: 1, $jsonSchema: {}}"), "{}"),
        ErrorCode.QUERY_FEATURE_NOT_ALLOWED,
        "Error parsing array filter :: caused by :: $jsonSchema is not allowed in this context");
    // Parse errors come before the identifier's checks, with MongoDB's context.
    assertFails(
        () -> applyWithFilters("{$set: {'a.$[x]': 1}}", List.of("{x: {$foo: 1}, y: 1}"), "{}"),
        ErrorCode.BAD_VALUE,
        "Error parsing array filter :: caused by :: unknown operator: $foo");
  }

  @Test
  void arrayFilterIdentifiersMustBeLowercaseAlphanumeric() {
    assertFails(
        () -> applyWithFilters("{$set: {'a.$[X]': 1}}", List.of("{X: 1}"), "{}"),
        ErrorCode.BAD_VALUE,
        "Error parsing array filter :: caused by :: The top-level field name must be an"
            + " alphanumeric string beginning with a lowercase letter, found 'X'");
  }

  @Test
  void duplicateArrayFilterIdentifiersAreRefused() {
    assertFails(
        () -> applyWithFilters("{$set: {'a.$[x]': 1}}", List.of("{x: 1}", "{x: 2}"), "{}"),
        ErrorCode.FAILED_TO_PARSE,
        "Found multiple array filters with the same top-level field name x");
  }

  @Test
  void arrayUpdatePartMayNotComeFirst() {
    assertParseFails(
        "{$set: {'$[]': 1}}",
        ErrorCode.BAD_VALUE,
        "Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in"
            + " path '$[]'");
  }

  @Test
  void pushIntoEveryMatchingNestedArray() {
    UpdateResult result =
        applyWithFilters(
            "{$push: {'a.$[e].b': 9}}",
            List.of("{'e.k': 1}"),
            "{_id: 1, a: [{k: 1, b: []}, {k: 2, b: []}]}");
    assertDocument(result.document(), "{_id: 1, a: [{k: 1, b: [9]}, {k: 2, b: []}]}");
  }

  @Test
  void expandedPathsThatMeetConflictAtApplyTime() {
    assertApplyFails(
        "{$set: {'a.$[]': 1, 'a.0': 2}}",
        "{_id: 1, a: [0, 0]}",
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Update created a conflict at 'a.0'");
  }

  @Test
  void twoFiltersSelectingOneElementConflict() {
    assertFails(
        () ->
            applyWithFilters(
                "{$set: {'a.$[i]': 1, 'a.$[j]': 2}}",
                List.of("{i: {$gte: 0}}", "{j: 5}"),
                "{_id: 1, a: [0, 5]}"),
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Update created a conflict at 'a.1'");
  }

  @Test
  void twoFiltersOnDifferentFieldsOfOneElementDoNotConflict() {
    UpdateResult result =
        applyWithFilters(
            "{$set: {'a.$[i].b': 1, 'a.$[j].c': 2}}",
            List.of("{i: {$exists: true}}", "{j: {$exists: true}}"),
            "{_id: 1, a: [{}]}");
    assertDocument(result.document(), "{_id: 1, a: [{b: 1, c: 2}]}");
  }

  @Test
  void usesPositionalOperatorTellsTheEngineToPassTheMatch() {
    assertThat(Update.parse(doc("{$set: {'a.$.b': 1}}")).usesPositionalOperator()).isTrue();
    assertThat(Update.parse(doc("{$set: {'a.$[].b': 1, c: 1}}")).usesPositionalOperator())
        .isFalse();
  }

  @Test
  void positionalDollarAndTheSameIndexConflictAtApplyTime() {
    Update update = Update.parse(doc("{$set: {'a.$': 1, 'a.0': 2}}"));
    assertFails(
        () -> update.apply(doc("{_id: 1, a: [0, 0]}"), UPDATE.withPositionalMatch(0)),
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Update created a conflict at 'a.0'");
    assertDocument(
        update.apply(doc("{_id: 1, a: [0, 0]}"), UPDATE.withPositionalMatch(1)).document(),
        "{_id: 1, a: [2, 1]}");
  }

  @Test
  void missingArrayErrorNamesThePathUpToTheArray() {
    assertApplyFails(
        "{$set: {'grades.subGrades.$[].x': 1}}",
        "{_id: 1, grades: {}}",
        ErrorCode.BAD_VALUE,
        "The path 'grades.subGrades' must exist in the document in order to apply array updates.");
    assertApplyFails(
        "{$set: {'a.b.$[]': 1}}",
        "{_id: 1}",
        ErrorCode.BAD_VALUE,
        "The path 'a.b' must exist in the document in order to apply array updates.");
  }
}
