package dev.mongolake.aggregate.internal;

import static dev.mongolake.aggregate.internal.Stages.assertFails;
import static dev.mongolake.aggregate.internal.Stages.documents;
import static dev.mongolake.aggregate.internal.Stages.run;
import static dev.mongolake.aggregate.internal.Stages.runWithLet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ProjectStageTest {

  private static final List<BsonDocument> BOOKS =
      documents(
          "{_id: 1, title: 'abc123', isbn: '0001122223334', author: {last: 'zzz', first: 'aaa'},"
              + " copies: 5, lastModified: '2016-07-28'}");

  @Test
  void inclusionKeepsIdAndTheNamedFields() {
    assertThat(run(BOOKS, "{$project: {title: 1, author: 1}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, title: 'abc123', author: {last: 'zzz', first: 'aaa'}}"));
    assertThat(run(BOOKS, "{$project: {_id: 0, title: 1, author: 1}}"))
        .containsExactly(
            BsonDocument.parse("{title: 'abc123', author: {last: 'zzz', first: 'aaa'}}"));
  }

  @Test
  void exclusionOfEmbeddedFieldsKeepsTheRest() {
    assertThat(run(BOOKS, "{$project: {'author.first': 0, lastModified: 0}}"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, title: 'abc123', isbn: '0001122223334', author: {last: 'zzz'}, copies: 5}"));
  }

  @Test
  void computedFieldsReadPathsAndComeAfterTheKeptOnes() {
    assertThat(
            run(
                BOOKS,
                "{$project: {lastName: '$author.last', title: 1, copiesSold: '$copies', one: 1.5}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, title: 'abc123', lastName: 'zzz', copiesSold: 5}"));
  }

  @Test
  void keptFieldsKeepTheDocumentsOrderAndComputedOnesFollowInTheSpecificationsOrder() {
    assertThat(
            run(BOOKS, "{$project: {z: '$copies', copies: 1, a: '$title', title: 1}}")
                .getFirst()
                .keySet())
        .containsExactly("_id", "title", "copies", "z", "a");
  }

  @Test
  void numbersAndBooleansAreFlagsButOtherLiteralsAreValues() {
    assertThat(run(BOOKS, "{$project: {_id: 0, title: true, label: 'plain', none: null}}"))
        .containsExactly(BsonDocument.parse("{title: 'abc123', label: 'plain', none: null}"));
  }

  @Test
  void removeVariableLeavesTheFieldOut() {
    assertThat(run(BOOKS, "{$project: {title: 1, gone: '$$REMOVE', 'author.first': '$$REMOVE'}}"))
        .containsExactly(BsonDocument.parse("{_id: 1, title: 'abc123', author: {}}"));
  }

  @Test
  void arraysOfExpressionsGiveNullForMissingElements() {
    assertThat(
            run(documents("{_id: 1, x: 1, y: 1}"), "{$project: {myArray: ['$x', '$y', '$nope']}}"))
        .containsExactly(BsonDocument.parse("{_id: 1, myArray: [1, 1, null]}"));
  }

  @Test
  void rootAndLetVariablesAreVisible() {
    assertThat(
            runWithLet(
                "{limit: 10}",
                documents("{_id: 1, a: 2}"),
                "{$project: {_id: 0, whole: '$$ROOT', max: '$$limit'}}"))
        .containsExactly(BsonDocument.parse("{whole: {_id: 1, a: 2}, max: 10}"));
  }

  @Test
  void dottedComputedPathsReachIntoEachArrayElementAndReplaceScalars() {
    assertThat(
            run(
                documents("{_id: 1, a: [{b: 1, c: 2}, 3, {c: 4}], s: 5}"),
                "{$project: {'a.b': {$literal: 'x'}, 's.t': '$_id'}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1, a: [{b: 'x'}, {b: 'x'}, {b: 'x'}], s: {t: 1}}"));
  }

  @Test
  void nestedSpecificationsMixKeptAndComputedFields() {
    assertThat(run(BOOKS, "{$project: {_id: 0, author: {last: 1, initial: '$author.first'}}}"))
        .containsExactly(BsonDocument.parse("{author: {last: 'zzz', initial: 'aaa'}}"));
  }

  @Test
  void anOperatorDocumentWithOtherFieldsIsNestedPathsWhoseDollarNameFails() {
    // MongoDB's projection parser reads a document as an expression only when it has one field.
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_16410,
        "Invalid $project :: caused by :: FieldPath field names may not start with '$'. Consider"
            + " using $getField or $setField.",
        "{$project: {r: {$add: ['$copies', 1], $multiply: ['$copies', 2]}}}");
    // Inside an array it is an expression, and has one field too many.
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_15983,
        "Invalid $project :: caused by :: An object representing an expression must have exactly"
            + " one field: {\"$add\": [\"$copies\", 1], \"$multiply\": [\"$copies\", 2]}",
        "{$project: {r: [{$add: ['$copies', 1], $multiply: ['$copies', 2]}]}}");
  }

  @Test
  void anEmptySpecificationIsRefused() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_51272,
        "Invalid $project :: caused by :: projection specification must have at least one field",
        "{$project: {}}");
  }

  @Test
  void aSpecificationThatIsNotAnObjectIsRefused() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_15969,
        "$project specification must be an object",
        "{$project: 1}");
  }

  @Test
  void inclusionAndExclusionDoNotMix() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31254,
        "Invalid $project :: caused by :: Cannot do exclusion on field copies in inclusion"
            + " projection",
        "{$project: {title: 1, copies: 0}}");
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31253,
        "Invalid $project :: caused by :: Cannot do inclusion on field title in exclusion"
            + " projection",
        "{$project: {copies: 0, title: 1}}");
  }

  @Test
  void expressionsAreRefusedInAnExclusion() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31252,
        "Invalid $project :: caused by :: Cannot use expression other than $meta in exclusion"
            + " projection",
        "{$project: {copies: 0, x: {$literal: 1}}}");
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31310,
        "Invalid $project :: caused by :: Cannot use an expression x: \"$copies\" in an exclusion"
            + " projection",
        "{$project: {copies: 0, x: '$copies'}}");
  }

  @Test
  void findOnlyOperatorsAreRefusedInAPipeline() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_31324,
        "Invalid $project :: caused by :: Cannot use positional projection in aggregation"
            + " projection",
        "{$project: {'tags.$': 1}}");
    assertFails(
        BOOKS,
        ErrorCode.INVALID_PIPELINE_OPERATOR,
        "Invalid $project :: caused by :: Cannot use $elemMatch in this context",
        "{$project: {tags: {$elemMatch: {a: 1}}}}");
  }

  @Test
  void aDocumentWithAnOperatorBesideOtherFieldsIsASubProjectionWithABadName() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_16410,
        "Invalid $project :: caused by :: FieldPath field names may not start with '$'. Consider"
            + " using $getField or $setField.",
        "{$project: {a: {$literal: 1, b: 1}}}");
  }

  @Test
  void anUndefinedVariableIsAParseError() {
    assertFails(
        BOOKS,
        ErrorCode.LOCATION_17276,
        "Invalid $project :: caused by :: Use of undefined variable: nope",
        "{$project: {x: '$$nope'}}");
  }

  @Test
  void dependenciesOfAnInclusionAreItsPathsIdAndTheExpressionsReads() {
    Dependencies dependencies = new Dependencies();
    PipelineStage stage = Stages.stage("{$project: {title: 1, last: '$author.last'}}");
    stage.addDependencies(dependencies);
    assertThat(dependencies.paths()).containsExactly("_id", "author.last", "title");
    assertThat(dependencies.needsWholeDocument()).isFalse();
    assertThat(stage.matchMayMoveBeforeUnlessReading()).isEmpty();
  }
}
