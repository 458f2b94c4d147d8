package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.apply;
import static dev.mongolake.update.UpdateTesting.assertApplyFails;
import static dev.mongolake.update.UpdateTesting.assertDocument;
import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertUpdate;
import static dev.mongolake.update.UpdateTesting.doc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class SetUnsetTest {
  @Test
  void setReplacesAnExistingFieldInPlace() {
    assertUpdate("{$set: {a: 5}}", "{_id: 1, a: 1, b: 2}", "{_id: 1, a: 5, b: 2}");
  }

  @Test
  void setAppendsANewField() {
    assertUpdate("{$set: {c: 3}}", "{_id: 1, a: 1}", "{_id: 1, a: 1, c: 3}");
  }

  @Test
  void setCreatesMissingParentsAsDocuments() {
    assertUpdate("{$set: {'a.b.c': 1}}", "{_id: 1}", "{_id: 1, a: {b: {c: 1}}}");
  }

  @Test
  void setCreatesNumericNamedFieldsInDocumentsNotArrays() {
    assertUpdate("{$set: {'a.0': 1}}", "{_id: 1}", "{_id: 1, a: {'0': 1}}");
  }

  @Test
  void setIntoAnEmbeddedDocument() {
    assertUpdate(
        "{$set: {'details.make': 'Kustom'}}",
        "{_id: 1, details: {model: '14Q2', make: 'xyz'}}",
        "{_id: 1, details: {model: '14Q2', make: 'Kustom'}}");
  }

  @Test
  void setAnArrayElementByIndex() {
    assertUpdate(
        "{$set: {'tags.1': 'rain gear'}}",
        "{_id: 1, tags: ['a', 'b', 'c']}",
        "{_id: 1, tags: ['a', 'rain gear', 'c']}");
  }

  @Test
  void setBeyondTheEndPadsTheArrayWithNulls() {
    assertUpdate("{$set: {'a.4': 9}}", "{_id: 1, a: [1, 2]}", "{_id: 1, a: [1, 2, null, null, 9]}");
  }

  @Test
  void setAFieldInsideAnArrayElementDocument() {
    assertUpdate(
        "{$set: {'a.1.x': 7}}", "{_id: 1, a: [{x: 1}, {x: 2}]}", "{_id: 1, a: [{x: 1}, {x: 7}]}");
  }

  @Test
  void setCreatesADocumentInAPaddedArraySlot() {
    assertUpdate("{$set: {'a.2.x': 7}}", "{_id: 1, a: [1]}", "{_id: 1, a: [1, null, {x: 7}]}");
  }

  @Test
  void setToTheSameValueIsANoOp() {
    assertNoOp("{$set: {a: 1, 'b.c': 'x'}}", "{_id: 1, a: 1, b: {c: 'x'}}");
  }

  @Test
  void setToAnEqualValueOfAnotherTypeIsAChange() {
    assertUpdate("{$set: {a: 1.0}}", "{_id: 1, a: 1}", "{_id: 1, a: 1.0}");
  }

  @Test
  void setOfADocumentWithOtherFieldOrderIsAChange() {
    assertUpdate(
        "{$set: {a: {y: 2, x: 1}}}", "{_id: 1, a: {x: 1, y: 2}}", "{_id: 1, a: {y: 2, x: 1}}");
  }

  @Test
  void setNullOverwritesAndNullIsNotMissing() {
    assertUpdate("{$set: {a: null}}", "{_id: 1, a: 1}", "{_id: 1, a: null}");
  }

  @Test
  void setThroughAScalarIsPathNotViable() {
    assertApplyFails(
        "{$set: {'a.b': 1}}",
        "{_id: 1, a: 1}",
        ErrorCode.PATH_NOT_VIABLE,
        "Cannot create field 'b' in element {a: 1}");
  }

  @Test
  void setThroughNullIsPathNotViable() {
    assertApplyFails(
        "{$set: {'a.b.c': 1}}",
        "{_id: 1, a: {b: null}}",
        ErrorCode.PATH_NOT_VIABLE,
        "Cannot create field 'c' in element {b: null}");
  }

  @Test
  void setOfANonNumericFieldOfAnArrayIsPathNotViable() {
    assertApplyFails(
        "{$set: {'a.x': 1}}",
        "{_id: 1, a: [1, 2]}",
        ErrorCode.PATH_NOT_VIABLE,
        "Cannot create field 'x' in element {a: [ 1, 2 ]}");
  }

  @Test
  void setOfIdIsImmutable() {
    assertApplyFails(
        "{$set: {_id: 2}}",
        "{_id: 1}",
        ErrorCode.IMMUTABLE_FIELD,
        "Performing an update on the path '_id' would modify the immutable field '_id'");
  }

  @Test
  void setOfASubfieldOfIdIsImmutable() {
    assertApplyFails(
        "{$set: {'_id.a': 2}}",
        "{_id: {a: 1}}",
        ErrorCode.IMMUTABLE_FIELD,
        "Performing an update on the path '_id.a' would modify the immutable field '_id'");
  }

  @Test
  void setOfIdToItsOwnValueIsAllowed() {
    assertNoOp("{$set: {_id: 1, a: 1}}", "{_id: 1, a: 1}");
  }

  @Test
  void setOfIdIsAllowedOnUpsertInsert() {
    UpdateResult result = apply("{$set: {a: 1, _id: 7}}", "{}", UpdateTesting.UPSERT_INSERT);
    assertDocument(result.document(), "{_id: 7, a: 1}");
  }

  @Test
  void setOfATopLevelDollarFieldIsRefused() {
    assertApplyFails(
        "{$set: {$x: 1}}",
        "{_id: 1}",
        ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
        "The dollar ($) prefixed field '$x' in '$x' is not allowed in the context of an update's"
            + " replacement document. Consider using an aggregation pipeline with $replaceWith.");
  }

  @Test
  void setOfANestedDollarFieldInAValueIsAllowed() {
    assertUpdate("{$set: {a: {$x: 1}}}", "{_id: 1}", "{_id: 1, a: {$x: 1}}");
  }

  @Test
  void applyNeverModifiesTheInputDocument() {
    BsonDocument input = doc("{_id: 1, a: {b: [1, 2]}}");
    BsonDocument before = input.clone();
    Update.parse(doc("{$set: {'a.b.0': 9, c: 1}, $unset: {'a.x': 1}}"))
        .apply(input, UpdateTesting.UPDATE);
    assertThat(input).isEqualTo(before);
  }

  @Test
  void resultsOfOneUpdateDoNotShareValuesWithTheUpdate() {
    Update update = Update.parse(doc("{$set: {a: {b: 1}}}"));
    BsonDocument first = update.apply(doc("{_id: 1}"), UpdateTesting.UPDATE).document();
    first.getDocument("a").put("b", new org.bson.BsonInt32(99));
    BsonDocument second = update.apply(doc("{_id: 2}"), UpdateTesting.UPDATE).document();
    assertDocument(second, "{_id: 2, a: {b: 1}}");
  }

  @Test
  void unsetRemovesTheField() {
    assertUpdate(
        "{$unset: {quantity: '', instock: ''}}",
        "{_id: 1, sku: 'x', quantity: 2, instock: true}",
        "{_id: 1, sku: 'x'}");
  }

  @Test
  void unsetOfAMissingFieldIsANoOp() {
    assertNoOp("{$unset: {a: 1, 'b.c': 1}}", "{_id: 1, b: {d: 1}}");
  }

  @Test
  void unsetThroughAScalarIsANoOp() {
    assertNoOp("{$unset: {'a.b': 1}}", "{_id: 1, a: 5}");
  }

  @Test
  void unsetOfAnArrayElementSetsItToNull() {
    assertUpdate("{$unset: {'a.1': 1}}", "{_id: 1, a: [1, 2, 3]}", "{_id: 1, a: [1, null, 3]}");
  }

  @Test
  void unsetOfANestedField() {
    assertUpdate("{$unset: {'a.b': 1}}", "{_id: 1, a: {b: 1, c: 2}}", "{_id: 1, a: {c: 2}}");
  }

  @Test
  void unsetOfIdIsImmutable() {
    assertApplyFails(
        "{$unset: {_id: 1}}",
        "{_id: 1}",
        ErrorCode.IMMUTABLE_FIELD,
        "Performing an update on the path '_id' would modify the immutable field '_id'");
  }

  private static BsonDocument nested(int levels) {
    BsonDocument value = new BsonDocument("x", new org.bson.BsonInt32(1));
    for (int i = 1; i < levels; i++) {
      value = new BsonDocument("x", value);
    }
    return value;
  }

  @Test
  void setAllowsNestingUpToOneHundredLevels() {
    BsonDocument update = new BsonDocument("$set", new BsonDocument("a", nested(99)));
    assertThat(Update.parse(update).apply(doc("{_id: 1}"), UpdateTesting.UPDATE).modified())
        .isTrue();
  }

  @Test
  void setRefusesNestingBeyondOneHundredLevels() {
    BsonDocument update = new BsonDocument("$set", new BsonDocument("a.b", nested(99)));
    Update parsed = Update.parse(update);
    UpdateTesting.assertFails(
        () -> parsed.apply(doc("{_id: 1}"), UpdateTesting.UPDATE),
        ErrorCode.OVERFLOW,
        "Document exceeds maximum nesting depth of 100");
  }
}
