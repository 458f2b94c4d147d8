package dev.mongolake.update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.delta.order.Collation;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * MongoDB's manual: an update's {@code collation} governs the operators that compare values ({@code
 * $addToSet}, {@code $pull}, {@code $pullAll}, {@code $push} with {@code $sort}, {@code $min},
 * {@code $max}) and its {@code arrayFilters}; a regular expression in {@code $pull} ignores it;
 * without one (the simple collation) they compare binary, as before.
 */
class UpdateOperatorsUnderACollationTest {

  private static final Collation CASE_INSENSITIVE =
      Collation.parse(BsonDocument.parse("{locale: 'en', strength: 2}"));
  private static final Collation NUMERIC =
      Collation.parse(BsonDocument.parse("{locale: 'en', numericOrdering: true}"));

  private static BsonDocument apply(Collation collation, String update, String document) {
    return Update.parse(
            BsonDocument.parse(update), new UpdateOptions(List.of()).withCollation(collation))
        .apply(BsonDocument.parse(document), UpdateTesting.UPDATE)
        .document();
  }

  private static BsonDocument applyWithFilters(
      Collation collation, String update, String filter, String document) {
    return Update.parse(
            BsonDocument.parse(update),
            new UpdateOptions(List.of(BsonDocument.parse(filter)), collation))
        .apply(BsonDocument.parse(document), UpdateTesting.UPDATE)
        .document();
  }

  @Test
  void addToSetFindsAMemberTheCollationFindsEqual() {
    String update = "{$addToSet: {tags: {$each: ['Red', 'BLUE', 'blue']}}}";
    assertThat(apply(CASE_INSENSITIVE, update, "{_id: 1, tags: ['red']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['red', 'BLUE']}"));
    assertThat(apply(Collation.SIMPLE, update, "{_id: 1, tags: ['red']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['red', 'Red', 'BLUE', 'blue']}"));
  }

  @Test
  void pullAndPullAllRemoveWhatTheCollationFindsEqual() {
    assertThat(apply(CASE_INSENSITIVE, "{$pull: {tags: 'RED'}}", "{_id: 1, tags: ['red', 'x']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['x']}"));
    assertThat(
            apply(
                CASE_INSENSITIVE,
                "{$pullAll: {tags: ['RED', 'X']}}",
                "{_id: 1, tags: ['red', 'x', 'y']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['y']}"));
    assertThat(apply(Collation.SIMPLE, "{$pull: {tags: 'RED'}}", "{_id: 1, tags: ['red']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['red']}"));
  }

  @Test
  void pullConditionsCompareByTheCollation() {
    assertThat(apply(NUMERIC, "{$pull: {v: {$gte: '10'}}}", "{_id: 1, v: ['9', '10', '100']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, v: ['9']}"));
    assertThat(
            apply(
                CASE_INSENSITIVE,
                "{$pull: {items: {name: 'PEN'}}}",
                "{_id: 1, items: [{name: 'pen'}, {name: 'ink'}]}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, items: [{name: 'ink'}]}"));
  }

  @Test
  void aRegularExpressionInPullIgnoresTheCollation() {
    assertThat(apply(CASE_INSENSITIVE, "{$pull: {tags: /^R/}}", "{_id: 1, tags: ['red', 'Rose']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['red']}"));
  }

  @Test
  void pushSortOrdersByTheCollation() {
    String update = "{$push: {v: {$each: ['2'], $sort: 1}}}";
    assertThat(apply(NUMERIC, update, "{_id: 1, v: ['10', '9']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, v: ['2', '9', '10']}"));
    assertThat(apply(Collation.SIMPLE, update, "{_id: 1, v: ['10', '9']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, v: ['10', '2', '9']}"));
  }

  @Test
  void minAndMaxCompareByTheCollation() {
    assertThat(apply(NUMERIC, "{$max: {v: '10'}}", "{_id: 1, v: '9'}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, v: '10'}"));
    assertThat(apply(Collation.SIMPLE, "{$max: {v: '10'}}", "{_id: 1, v: '9'}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, v: '9'}"));
    assertThat(apply(NUMERIC, "{$min: {v: '10'}}", "{_id: 1, v: '9'}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, v: '9'}"));
  }

  @Test
  void arrayFiltersMatchByTheCollation() {
    String update = "{$set: {'tags.$[t]': 'done'}}";
    assertThat(
            applyWithFilters(
                CASE_INSENSITIVE, update, "{t: 'TODO'}", "{_id: 1, tags: ['todo', 'keep']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['done', 'keep']}"));
    assertThat(
            applyWithFilters(
                Collation.SIMPLE, update, "{t: 'TODO'}", "{_id: 1, tags: ['todo', 'keep']}"))
        .isEqualTo(BsonDocument.parse("{_id: 1, tags: ['todo', 'keep']}"));
  }

  @Test
  void thePositionalMatchFindsTheElementTheCollatedQueryMatched() {
    PositionalMatch match =
        PositionalMatch.forFilter(BsonDocument.parse("{tags: 'KEEP'}"), CASE_INSENSITIVE);
    assertThat(match.find(BsonDocument.parse("{tags: ['x', 'keep']}")))
        .isEqualTo(OptionalInt.of(1));
    assertThat(
            PositionalMatch.forFilter(BsonDocument.parse("{tags: 'KEEP'}"))
                .find(BsonDocument.parse("{tags: ['x', 'keep']}")))
        .isEmpty();
  }

  @Test
  void aPipelineUpdateComparesByItsEnvironmentsCollation() {
    BsonArray pipeline = BsonArray.parse("[{$set: {same: {$eq: ['$s', 'ABC']}}}]");
    AggregationEnvironment environment =
        AggregationEnvironment.standalone(Instant.now(), new BsonDocument(), CASE_INSENSITIVE);
    Update update =
        Update.parse(pipeline, new UpdateOptions(List.of(), CASE_INSENSITIVE), environment);
    assertThat(
            update.apply(BsonDocument.parse("{_id: 1, s: 'abc'}"), UpdateTesting.UPDATE).document())
        .isEqualTo(BsonDocument.parse("{_id: 1, s: 'abc', same: true}"));
    assertThat(
            Update.parse(pipeline, new UpdateOptions(List.of(), CASE_INSENSITIVE))
                .apply(BsonDocument.parse("{_id: 1, s: 'abc'}"), UpdateTesting.UPDATE)
                .document())
        .isEqualTo(BsonDocument.parse("{_id: 1, s: 'abc', same: true}"));
  }

  @Test
  void aPipelineUpdateRefusesTwoDifferentCollations() {
    assertThatThrownBy(
            () ->
                Update.parse(
                    BsonArray.parse("[{$set: {a: 1}}]"),
                    new UpdateOptions(List.of(), CASE_INSENSITIVE),
                    AggregationEnvironment.standalone(Instant.now(), new BsonDocument())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("differs from its pipeline environment's");
  }
}
