package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertDocument;
import static dev.mongolake.update.UpdateTesting.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class PipelineUpdateTest {
  private static BsonArray pipeline(String json) {
    return BsonDocument.parse("{p: " + json + "}").getArray("p");
  }

  @Test
  void theDocumentThePipelineOutputsReplacesTheOriginalKeepingItsId() {
    UpdateResult result =
        Update.parsePipeline(pipeline("[{$project: {_id: 0, total: '$a', b: 1}}]"))
            .apply(BsonDocument.parse("{_id: 7, a: 3, b: 4, c: 5}"), UpdateTesting.UPDATE);
    assertDocument(result.document(), "{_id: 7, b: 4, total: 3}");
    assertThat(result.modified()).isTrue();
  }

  @Test
  void aPipelineThatChangesNothingIsNotAModification() {
    UpdateResult result =
        Update.parsePipeline(pipeline("[{$project: {a: 1}}]"))
            .apply(BsonDocument.parse("{_id: 1, a: 1}"), UpdateTesting.UPDATE);
    assertThat(result.modified()).isFalse();
  }

  @Test
  void aPipelineMayNotChangeTheId() {
    assertFails(
        () ->
            Update.parsePipeline(pipeline("[{$project: {_id: '$a'}}]"))
                .apply(BsonDocument.parse("{_id: 1, a: 2}"), UpdateTesting.UPDATE),
        ErrorCode.IMMUTABLE_FIELD,
        "Performing an update on the path '_id' would modify the immutable field '_id'");
  }

  @Test
  void arrayFiltersAreRefusedWithAPipeline() {
    assertFails(
        () ->
            Update.parse(
                pipeline("[{$project: {a: 1}}]"),
                UpdateOptions.withArrayFilters(java.util.List.of(BsonDocument.parse("{x: 1}")))),
        ErrorCode.FAILED_TO_PARSE,
        "arrayFilters may not be specified for pipeline-syle updates");
  }

  @Test
  void stagesAnUpdateMayNotUseAreInvalidOptions() {
    assertFails(
        () -> Update.parsePipeline(pipeline("[{$set: {a: 1}}, {$group: {_id: 1}}]")),
        ErrorCode.INVALID_OPTIONS,
        "$group is not allowed to be used within an update");
  }

  @Test
  void malformedStagesAreRefused() {
    assertFails(
        () -> Update.parsePipeline(pipeline("[1]")),
        ErrorCode.TYPE_MISMATCH,
        "Each element of the 'pipeline' array must be an object");
    assertFails(
        () -> Update.parsePipeline(pipeline("[{$set: {a: 1}, $unset: 'b'}]")),
        ErrorCode.FAILED_TO_PARSE,
        "A pipeline stage specification object must contain exactly one field.");
  }

  @Test
  void emptyPipelineIsANoOp() {
    UpdateResult result =
        Update.parsePipeline(new BsonArray())
            .apply(BsonDocument.parse("{_id: 1, a: 1}"), UpdateTesting.UPDATE);
    assertDocument(result.document(), "{_id: 1, a: 1}");
    assertThat(result.modified()).isFalse();
  }

  @Test
  void documentGivenAsAValueIsParsedAsOperators() {
    Update update = Update.parse(BsonDocument.parse("{$set: {a: 2}}"), UpdateOptions.DEFAULT);
    assertDocument(
        update.apply(BsonDocument.parse("{_id: 1, a: 1}"), UpdateTesting.UPDATE).document(),
        "{_id: 1, a: 2}");
  }
}
