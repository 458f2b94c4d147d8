package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.UPDATE;
import static dev.mongolake.update.UpdateTesting.UPSERT_INSERT;
import static dev.mongolake.update.UpdateTesting.assertDocument;
import static dev.mongolake.update.UpdateTesting.assertFails;
import static dev.mongolake.update.UpdateTesting.doc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ReplacementTest {
  @Test
  void replacementKeepsTheOriginalIdFirst() {
    UpdateResult result =
        Replacement.parse(doc("{name: 'x', n: 1}")).apply(doc("{_id: 7, old: 1}"), UPDATE);
    assertDocument(result.document(), "{_id: 7, name: 'x', n: 1}");
    assertThat(result.modified()).isTrue();
  }

  @Test
  void replacementMayRepeatTheIdAnywhere() {
    UpdateResult result = Replacement.parse(doc("{a: 1, _id: 7}")).apply(doc("{_id: 7}"), UPDATE);
    assertDocument(result.document(), "{_id: 7, a: 1}");
  }

  @Test
  void replacementWithTheSameContentIsNotAModification() {
    UpdateResult result = Replacement.parse(doc("{a: 1}")).apply(doc("{_id: 7, a: 1}"), UPDATE);
    assertThat(result.modified()).isFalse();
  }

  @Test
  void replacementMayNotChangeTheId() {
    Replacement replacement = Replacement.parse(doc("{_id: 2, a: 1}"));
    assertFails(
        () -> replacement.apply(doc("{_id: 1}"), UPDATE),
        ErrorCode.IMMUTABLE_FIELD,
        "After applying the update, the (immutable) field '_id' was found to have been altered to"
            + " _id: 2");
  }

  @Test
  void replacementOnUpsertInsertSuppliesTheIdWhenTheQueryDidNot() {
    UpdateResult result =
        Replacement.parse(doc("{a: 1, _id: 3}")).apply(doc("{b: 2}"), UPSERT_INSERT);
    assertDocument(result.document(), "{_id: 3, a: 1}");
  }

  @Test
  void replacementOnUpsertInsertMayNotContradictTheQuerysId() {
    Replacement replacement = Replacement.parse(doc("{a: 1, _id: 3}"));
    assertFails(
        () -> replacement.apply(doc("{_id: 9}"), UPSERT_INSERT),
        ErrorCode.IMMUTABLE_FIELD,
        "After applying the update, the (immutable) field '_id' was found to have been altered to"
            + " _id: 3");
  }

  @Test
  void replacementOnUpsertInsertKeepsTheSeededId() {
    UpdateResult result =
        Replacement.parse(doc("{a: 1}")).apply(doc("{_id: 9, a: 0}"), UPSERT_INSERT);
    assertDocument(result.document(), "{_id: 9, a: 1}");
  }

  @Test
  void replacementRefusesOperators() {
    assertFails(
        () -> Replacement.parse(doc("{a: 1, $set: {b: 1}}")),
        ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
        "The dollar ($) prefixed field '$set' in '$set' is not allowed in the context of an"
            + " update's replacement document. Consider using an aggregation pipeline with"
            + " $replaceWith.");
  }

  @Test
  void replacementRefusesAnInvalidId() {
    assertFails(
        () -> Replacement.parse(doc("{_id: [1], a: 1}")),
        ErrorCode.INVALID_ID_FIELD,
        "The '_id' value cannot be of type array");
    assertFails(
        () -> Replacement.parse(doc("{_id: {$regularExpression: {pattern: 'x', options: ''}}}")),
        ErrorCode.INVALID_ID_FIELD,
        "The '_id' value cannot be of type regex");
  }

  @Test
  void replacementNeverModifiesItsInputs() {
    BsonDocument original = doc("{_id: 1, a: {b: 1}}");
    BsonDocument source = doc("{a: {c: 2}}");
    Replacement replacement = Replacement.parse(source);
    replacement
        .apply(original, UPDATE)
        .document()
        .getDocument("a")
        .put("c", new org.bson.BsonInt32(5));
    assertThat(original).isEqualTo(doc("{_id: 1, a: {b: 1}}"));
    assertDocument(replacement.document(), "{a: {c: 2}}");
  }

  @Test
  void emptyReplacementKeepsOnlyTheId() {
    UpdateResult result = Replacement.parse(doc("{}")).apply(doc("{_id: 1, a: 1}"), UPDATE);
    assertDocument(result.document(), "{_id: 1}");
  }

  @Test
  void replacementRefusesDollarFieldsInsideTheId() {
    assertFails(
        () -> Replacement.parse(doc("{_id: {a: {$bad: 1}}}")),
        ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
        "_id fields may not contain '$'-prefixed fields: $bad is not valid for storage.");
  }
}
