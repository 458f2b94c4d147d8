package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.documents;
import static dev.mongolake.aggregate.internal.Stages.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ReplaceRootStageTest {

  private static final List<BsonDocument> PEOPLE =
      documents(
          "{_id: 1, name: 'Arlene', age: 34, pets: {dogs: 2, cats: 1}}",
          "{_id: 2, name: 'Sam', age: 41, pets: {cats: 1, fish: 3}}",
          "{_id: 3, name: 'Maria', age: 25}");

  @Test
  void newRootIsTheEmbeddedDocument() {
    assertThat(run(PEOPLE.subList(0, 2), "{$replaceRoot: {newRoot: '$pets'}}"))
        .containsExactly(
            BsonDocument.parse("{dogs: 2, cats: 1}"), BsonDocument.parse("{cats: 1, fish: 3}"));
  }

  @Test
  void replaceWithTakesTheExpressionItself() {
    assertThat(run(PEOPLE, "{$replaceWith: {who: '$name', years: '$age', missing: '$nope'}}"))
        .containsExactly(
            BsonDocument.parse("{who: 'Arlene', years: 34}"),
            BsonDocument.parse("{who: 'Sam', years: 41}"),
            BsonDocument.parse("{who: 'Maria', years: 25}"));
  }

  @Test
  void aMissingNewRootFailsNamingTheValueItsTypeAndTheInput() {
    assertFails(
        PEOPLE,
        ErrorCode.LOCATION_40228,
        "'newRoot' expression must evaluate to an object, but resulting value was: MISSING."
            + " Type of resulting value: 'missing'. Input document: {_id: 3, name: \"Maria\", age:"
            + " 25}",
        "{$replaceRoot: {newRoot: '$pets'}}");
    assertFails(
        PEOPLE,
        ErrorCode.LOCATION_40228,
        "'replacement document' must evaluate to an object, but resulting value was: \"Arlene\"."
            + " Type of resulting value: 'string'. Input document: {_id: 1, name: \"Arlene\", age:"
            + " 34, pets: {dogs: 2, cats: 1}}",
        "{$replaceWith: '$name'}");
  }

  @Test
  void malformedSpecificationsAreRefused() {
    assertFails(
        PEOPLE,
        ErrorCode.LOCATION_40229,
        "expected an object as specification for $replaceRoot stage, got string",
        "{$replaceRoot: '$pets'}");
    assertFails(
        PEOPLE,
        ErrorCode.IDL_MISSING_FIELD,
        "BSON field '$replaceRoot.newRoot' is missing but a required field",
        "{$replaceRoot: {}}");
    assertFails(
        PEOPLE,
        ErrorCode.IDL_UNKNOWN_FIELD,
        "BSON field '$replaceRoot.root' is an unknown field.",
        "{$replaceRoot: {newRoot: '$pets', root: 1}}");
  }

  @Test
  void replaceWithExplainsAsTheReplaceRootItMeans() {
    assertThat(Stages.stage("{$replaceWith: '$pets'}").explain())
        .isEqualTo(BsonDocument.parse("{$replaceRoot: {newRoot: '$pets'}}"));
    assertThat(Stages.stage("{$replaceRoot: {newRoot: '$pets'}}").explain())
        .isEqualTo(BsonDocument.parse("{$replaceRoot: {newRoot: '$pets'}}"));
  }

  @Test
  void neverLetsAMatchMoveAcrossIt() {
    assertThat(Stages.stage("{$replaceWith: '$pets'}").matchMayMoveBeforeUnlessReading()).isEmpty();
  }
}
