package dev.mongolake.update;

import static dev.mongolake.update.UpdateTesting.assertFails;
import static dev.mongolake.update.UpdateTesting.assertParseFails;
import static dev.mongolake.update.UpdateTesting.doc;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

class UpdateParseErrorsTest {
  @Test
  void unknownModifierIsFailedToParse() {
    assertParseFails(
        "{$foo: {a: 1}}",
        ErrorCode.FAILED_TO_PARSE,
        "Unknown modifier: $foo. Expected a valid update modifier or pipeline-style update"
            + " specified as an array");
  }

  @Test
  void plainFieldAfterAnOperatorIsAnUnknownModifier() {
    assertParseFails(
        "{$set: {a: 1}, b: 2}",
        ErrorCode.FAILED_TO_PARSE,
        "Unknown modifier: b. Expected a valid update modifier or pipeline-style update specified"
            + " as an array");
  }

  @Test
  void emptyUpdateDocumentIsRefused() {
    assertParseFails("{}", ErrorCode.FAILED_TO_PARSE, "Update document requires atomic operators");
  }

  @Test
  void replacementStyleDocumentIsRefused() {
    assertParseFails(
        "{a: 1}", ErrorCode.FAILED_TO_PARSE, "Update document requires atomic operators");
  }

  @Test
  void isReplacementFollowsTheFirstFieldName() {
    assertThat(Update.isReplacement(doc("{a: 1, $set: {b: 1}}"))).isTrue();
    assertThat(Update.isReplacement(doc("{}"))).isTrue();
    assertThat(Update.isReplacement(doc("{$set: {b: 1}}"))).isFalse();
  }

  @Test
  void emptyOperatorIsFailedToParse() {
    assertParseFails(
        "{$set: {}}",
        ErrorCode.FAILED_TO_PARSE,
        "'$set' is empty. You must specify a field like so: {$set: {<field>: ...}}");
  }

  @Test
  void operatorWithANonDocumentArgumentIsFailedToParse() {
    assertParseFails(
        "{$set: 'foo'}",
        ErrorCode.FAILED_TO_PARSE,
        "Modifiers operate on fields but we found type string instead. For example: {$mod:"
            + " {<field>: ...}} not {$set: \"foo\"}");
  }

  @Test
  void samePathTwiceConflicts() {
    assertParseFails(
        "{$set: {a: 1}, $inc: {a: 1}}",
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Updating the path 'a' would create a conflict at 'a'");
  }

  @Test
  void childAfterParentConflictsAtTheParent() {
    assertParseFails(
        "{$set: {a: 1}, $unset: {'a.b': 1}}",
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Updating the path 'a.b' would create a conflict at 'a'");
  }

  @Test
  void parentAfterChildConflictsAtTheParent() {
    assertParseFails(
        "{$set: {'a.b.c': 1}, $inc: {'a.b': 1}}",
        ErrorCode.CONFLICTING_UPDATE_OPERATORS,
        "Updating the path 'a.b' would create a conflict at 'a.b'");
  }

  @Test
  void siblingPathsDoNotConflict() {
    Update.parse(doc("{$set: {'a.b': 1}, $inc: {'a.c': 1}, $unset: {ab: 1}}"));
  }

  @Test
  void emptyPathsAreRefused() {
    assertParseFails(
        "{$set: {'': 1}}", ErrorCode.EMPTY_FIELD_NAME, "An empty update path is not valid.");
    assertParseFails(
        "{$set: {'a..b': 1}}",
        ErrorCode.EMPTY_FIELD_NAME,
        "The update path 'a..b' contains an empty field name, which is not allowed.");
    assertParseFails(
        "{$set: {'a.': 1}}",
        ErrorCode.EMPTY_FIELD_NAME,
        "The update path 'a.' contains an empty field name, which is not allowed.");
  }

  @Test
  void updateNeitherDocumentNorArrayIsRefused() {
    assertFails(
        () -> Update.parse(new BsonInt32(1), UpdateOptions.DEFAULT),
        ErrorCode.FAILED_TO_PARSE,
        "Update argument must be either an object or an array");
  }

  @Test
  void parsedUpdateIsIsolatedFromTheCallersDocument() {
    BsonDocument source = doc("{$set: {a: {b: 1}}}");
    Update update = Update.parse(source);
    source.getDocument("$set").getDocument("a").put("b", new BsonInt32(2));
    UpdateTesting.assertDocument(
        update.apply(doc("{_id: 1}"), UpdateTesting.UPDATE).document(), "{_id: 1, a: {b: 1}}");
    assertThat(update.source()).isEqualTo(doc("{$set: {a: {b: 1}}}"));
  }
}
