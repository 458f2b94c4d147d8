package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.documents;
import static dev.mongolake.aggregate.internal.Stages.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class AddFieldsStageTest {

  private static final List<BsonDocument> VEHICLES =
      documents(
          "{_id: 1, type: 'car', specs: {doors: 4, wheels: 4}}",
          "{_id: 2, type: 'motorcycle', specs: {doors: 0, wheels: 2}}",
          "{_id: 3, type: 'jet ski'}");

  @Test
  void dottedPathAddsToTheEmbeddedDocumentOrCreatesIt() {
    assertThat(run(VEHICLES, "{$addFields: {'specs.fuel_type': 'unleaded'}}"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, type: 'car', specs: {doors: 4, wheels: 4, fuel_type: 'unleaded'}}"),
            BsonDocument.parse(
                "{_id: 2, type: 'motorcycle', specs: {doors: 0, wheels: 2, fuel_type: 'unleaded'}}"),
            BsonDocument.parse("{_id: 3, type: 'jet ski', specs: {fuel_type: 'unleaded'}}"));
  }

  @Test
  void nestedSpecificationMergesIntoTheEmbeddedDocumentLikeTheDottedPath() {
    assertThat(run(VEHICLES, "{$set: {specs: {fuel_type: 'unleaded'}}}"))
        .isEqualTo(run(VEHICLES, "{$set: {'specs.fuel_type': 'unleaded'}}"));
  }

  @Test
  void existingFieldsAreOverwrittenInPlaceIncludingId() {
    assertThat(run(documents("{_id: 1, dogs: 10, cats: 15}"), "{$addFields: {cats: 20}}"))
        .containsExactly(BsonDocument.parse("{_id: 1, dogs: 10, cats: 20}"));
    assertThat(
            run(
                documents("{_id: 1, item: 'tangerine', type: 'citrus'}"),
                "{$addFields: {_id: '$item', item: 'fruit'}}"))
        .containsExactly(BsonDocument.parse("{_id: 'tangerine', item: 'fruit', type: 'citrus'}"));
    assertThat(
            run(documents("{_id: 1, a: 1, b: 2}"), "{$addFields: {c: 3, a: 4}}")
                .getFirst()
                .keySet())
        .containsExactly("_id", "a", "b", "c");
  }

  @Test
  void numbersBooleansAndEmptyDocumentsAreValuesNotFlags() {
    assertThat(run(documents("{_id: 1}"), "{$set: {zero: 0, yes: true, empty: {}}}"))
        .containsExactly(BsonDocument.parse("{_id: 1, zero: 0, yes: true, empty: {}}"));
  }

  @Test
  void removeVariableRemovesTheField() {
    assertThat(run(documents("{_id: 1, dogs: 10, cats: 15}"), "{$set: {cats: '$$REMOVE'}}"))
        .containsExactly(BsonDocument.parse("{_id: 1, dogs: 10}"));
  }

  @Test
  void dottedPathSetsTheFieldInEveryElementOfAnArray() {
    assertThat(
            run(
                documents("{_id: 1, a: [{b: 1}, 2, {c: 3}, [{d: 4}]]}"),
                "{$addFields: {'a.b': {$literal: 9}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, a: [{b: 9}, {b: 9}, {c: 3, b: 9}, [{d: 4, b: 9}]]}"));
  }

  @Test
  void expressionsSeeTheInputDocumentNotEarlierFieldsOfTheStage() {
    assertThat(run(documents("{_id: 1, a: 1}"), "{$set: {a: 2, b: '$a'}}"))
        .containsExactly(BsonDocument.parse("{_id: 1, a: 2, b: 1}"));
  }

  @Test
  void aSpecificationThatIsNotAnObjectIsRefusedNamingTheStage() {
    assertFails(
        VEHICLES,
        ErrorCode.LOCATION_40272,
        "$set specification stage must be an object, got string",
        "{$set: 'x'}");
    assertFails(
        VEHICLES,
        ErrorCode.LOCATION_40272,
        "$addFields specification stage must be an object, got array",
        "{$addFields: []}");
  }

  @Test
  void invalidFieldNamesAreRefusedWithTheStagesContext() {
    assertFails(
        VEHICLES,
        ErrorCode.LOCATION_16410,
        "Invalid $addFields :: caused by :: FieldPath field names may not start with '$'."
            + " Consider using $getField or $setField.",
        "{$addFields: {'$a': 1}}");
    assertFails(
        VEHICLES,
        ErrorCode.LOCATION_31249,
        "Invalid $set :: caused by :: Path collision at a.b remaining portion b",
        "{$set: {a: 1, 'a.b': 2}}");
  }

  @Test
  void findOnlyOperatorsAreRefused() {
    assertFails(
        VEHICLES,
        ErrorCode.INVALID_PIPELINE_OPERATOR,
        "Invalid $addFields :: caused by :: Cannot use $elemMatch in this context",
        "{$addFields: {a: {$elemMatch: {b: 1}}}}");
    assertFails(
        VEHICLES,
        ErrorCode.LOCATION_31324,
        "Invalid $set :: caused by :: Cannot use positional projection in aggregation projection",
        "{$set: {'a.$': 1}}");
  }

  @Test
  void anOperatorDocumentWithOtherFieldsIsRefusedAsMongoDbsValidatorDoes() {
    assertFails(
        VEHICLES,
        ErrorCode.LOCATION_40181,
        "Invalid $addFields :: caused by :: an expression specification must contain exactly one"
            + " field, the name of the expression. Found 2 fields in {\"$add\": [\"$_id\", 1],"
            + " \"$multiply\": [\"$_id\", 2]}, while parsing object {\"r\": {\"$add\":"
            + " [\"$_id\", 1], \"$multiply\": [\"$_id\", 2]}}",
        "{$addFields: {r: {$add: ['$_id', 1], $multiply: ['$_id', 2]}}}");
    // At any depth, and whichever field the operator is.
    assertFails(
        VEHICLES,
        ErrorCode.LOCATION_40181,
        "Invalid $set :: caused by :: an expression specification must contain exactly one"
            + " field, the name of the expression. Found 2 fields in {\"b\": 1, \"$literal\":"
            + " 2}, while parsing object {\"r\": {\"a\": {\"b\": 1, \"$literal\": 2}}}",
        "{$set: {r: {a: {b: 1, $literal: 2}}}}");
  }

  @Test
  void declaresItsReadsAndTheFieldsItChanges() {
    PipelineStage stage = Stages.stage("{$set: {'specs.fuel': '$type', total: 1}}");
    Dependencies dependencies = new Dependencies();
    stage.addDependencies(dependencies);
    assertThat(dependencies.paths()).containsExactly("type");
    assertThat(stage.matchMayMoveBeforeUnlessReading()).contains(Set.of("specs.fuel", "total"));
    assertThat(stage.explain())
        .isEqualTo(BsonDocument.parse("{$set: {'specs.fuel': '$type', total: 1}}"));
  }
}
