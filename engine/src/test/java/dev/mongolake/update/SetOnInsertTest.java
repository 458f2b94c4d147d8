package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.UPSERT_INSERT;
import static dev.mongolake.update.UpdateTesting.apply;
import static dev.mongolake.update.UpdateTesting.assertDocument;
import static dev.mongolake.update.UpdateTesting.assertFails;
import static dev.mongolake.update.UpdateTesting.assertNoOp;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.doc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class SetOnInsertTest {
  @Test
  void setOnInsertAppliesOnUpsertInsert() {
    UpdateResult result =
        apply(
            "{$set: {item: 'apple'}, $setOnInsert: {defaultQty: 100}}", "{_id: 1}", UPSERT_INSERT);
    assertDocument(result.document(), "{_id: 1, defaultQty: 100, item: 'apple'}");
    assertThat(result.modified()).isTrue();
  }

  @Test
  void setOnInsertIsIgnoredOnAnUpdate() {
    assertNoOp("{$setOnInsert: {defaultQty: 100}}", "{_id: 1}");
  }

  @Test
  void setOnInsertConflictsWithSetOnTheSamePath() {
    assertParseFails(
        "{$set: {a: 1}, $setOnInsert: {a: 2}}",
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Updating the path 'a' would create a conflict at 'a'");
  }

  @Test
  void upsertInsertPutsIdFirst() {
    UpdateResult result = apply("{$setOnInsert: {_id: 5}}", "{a: 1}", UPSERT_INSERT);
    assertDocument(result.document(), "{_id: 5, a: 1}");
  }

  @Test
  void upsertInsertRefusesAnArrayId() {
    Update update = Update.parse(doc("{$set: {_id: [1]}}"));
    assertFails(
        () -> update.apply(doc("{}"), UPSERT_INSERT),
        ErrorCode.INVALID_ID_FIELD,
        "The '_id' value cannot be of type array");
  }

  @Test
  void upsertInsertMayNotChangeTheIdSeededFromTheQuery() {
    Update update = Update.parse(doc("{$set: {_id: 2}}"));
    assertFails(
        () -> update.apply(doc("{_id: 1}"), UPSERT_INSERT),
        ErrorCode.IMMUTABLE_FIELD,
        "After applying the update, the (immutable) field '_id' was found to have been altered to"
            + " _id: 2");
  }
}
