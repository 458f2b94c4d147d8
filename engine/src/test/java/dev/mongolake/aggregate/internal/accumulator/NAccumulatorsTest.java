package dev.mongolake.aggregate.internal.accumulator;

import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.assertMergeMatchesOnePass;
import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class NAccumulatorsTest {

  private static final String[] GAME_ONE = {
    "{playerId: 'PlayerA', score: 31}",
    "{playerId: 'PlayerB', score: 33}",
    "{playerId: 'PlayerC', score: 99}",
    "{playerId: 'PlayerD', score: 1}"
  };

  private static BsonValue value(String json) {
    return BsonDocument.parse("{a: " + json + "}").get("a");
  }

  private static void assertFails(String spec, ErrorCode code, String message, String... docs) {
    assertThatThrownBy(() -> result(spec, docs))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }

  @Test
  void topNGivesTheFirstInSortOrder() {
    // The manual's $topN example: the three highest scores of game G1.
    assertThat(
            result(
                "{$topN: {output: ['$playerId', '$score'], sortBy: {score: -1}, n: 3}}", GAME_ONE))
        .isEqualTo(value("[['PlayerC', 99], ['PlayerB', 33], ['PlayerA', 31]]"));
  }

  @Test
  void bottomNGivesTheLastInSortOrderStillInThatOrder() {
    assertThat(result("{$bottomN: {output: '$playerId', sortBy: {score: -1}, n: 2}}", GAME_ONE))
        .isEqualTo(value("['PlayerA', 'PlayerD']"));
  }

  @Test
  void topAndBottomGiveOneOutput() {
    assertThat(result("{$top: {output: '$playerId', sortBy: {score: -1}}}", GAME_ONE))
        .isEqualTo(value("'PlayerC'"));
    assertThat(
            result("{$bottom: {output: ['$playerId', '$score'], sortBy: {score: -1}}}", GAME_ONE))
        .isEqualTo(value("['PlayerD', 1]"));
  }

  @Test
  void topNKeepsNullsAndMissingSortsAsNull() {
    assertThat(
            result(
                "{$topN: {output: '$score', sortBy: {score: 1}, n: 2}}",
                "{score: 5}",
                "{}",
                "{score: null}"))
        .isEqualTo(value("[null, null]"));
  }

  @Test
  void topNTiesKeepTheFirstSeen() {
    assertThat(
            result(
                "{$topN: {output: '$p', sortBy: {s: 1}, n: 2}}",
                "{p: 'a', s: 1}",
                "{p: 'b', s: 1}",
                "{p: 'c', s: 1}"))
        .isEqualTo(value("['a', 'b']"));
  }

  @Test
  void topNMergesLikeOnePass() {
    assertMergeMatchesOnePass(
        "{$topN: {output: '$playerId', sortBy: {score: -1}, n: 2}}", GAME_ONE);
    assertMergeMatchesOnePass(
        "{$bottomN: {output: '$playerId', sortBy: {score: 1}, n: 3}}", GAME_ONE);
  }

  @Test
  void firstNAndLastNKeepInputOrderWithNullForMissing() {
    assertThat(result("{$firstN: {input: '$v', n: 2}}", "{}", "{v: 2}", "{v: 3}"))
        .isEqualTo(value("[null, 2]"));
    assertThat(result("{$lastN: {input: '$v', n: 2}}", "{v: 1}", "{v: 2}", "{v: 3}"))
        .isEqualTo(value("[2, 3]"));
    assertMergeMatchesOnePass("{$lastN: {input: '$v', n: 2}}", "{v: 1}", "{v: 2}", "{v: 3}");
  }

  @Test
  void minNAscendsAndMaxNDescendsIgnoringNulls() {
    assertThat(result("{$minN: {input: '$v', n: 2}}", "{v: 5}", "{v: null}", "{v: 1}", "{v: 3}"))
        .isEqualTo(value("[1, 3]"));
    assertThat(result("{$maxN: {input: '$v', n: 2}}", "{v: 5}", "{}", "{v: 1}", "{v: 3}"))
        .isEqualTo(value("[5, 3]"));
    assertMergeMatchesOnePass("{$maxN: {input: '$v', n: 2}}", "{v: 5}", "{v: 1}", "{v: 7}");
  }

  @Test
  void nMustBeAPositiveIntegralNumber() {
    assertFails(
        "{$firstN: {input: '$v', n: 'two'}}",
        ErrorCode.LOCATION_5787902,
        "Value for 'n' must be of integral type, but found \"two\"",
        "{v: 1}");
    assertFails(
        "{$maxN: {input: '$v', n: 2.5}}",
        ErrorCode.LOCATION_5787903,
        "Value for 'n' must be of integral type, but found 2.5",
        "{v: 1}");
    assertFails(
        "{$topN: {output: '$v', sortBy: {v: 1}, n: 0}}",
        ErrorCode.LOCATION_5787908,
        "'n' must be greater than 0, found 0",
        "{v: 1}");
  }

  @Test
  void nIsCheckedOnlyWhenAGroupStarts() {
    assertThat(AccumulatorHarness.parse("{$firstN: {input: '$v', n: 0}}")).isNotNull();
    assertThat(result("{$top: {output: '$v', sortBy: {v: 1}}}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void anNThatReadsTheGroupKeyNeedsAGroup() {
    assertFails(
        "{$firstN: {input: '$v', n: '$k'}}",
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot evaluate $firstN: an 'n' that is not a constant is only supported in $group");
  }

  @Test
  void namedArgumentsAreCheckedAsMongoDbDoes() {
    assertFails(
        "{$firstN: 5}",
        ErrorCode.LOCATION_5787801,
        "specification must be an object; found $firstN: 5");
    assertFails(
        "{$minN: {input: '$v', n: 1, x: 1}}",
        ErrorCode.LOCATION_5787901,
        "Unknown argument for 'n' operator: x");
    assertFails("{$lastN: {input: '$v'}}", ErrorCode.LOCATION_5787906, "Missing value for 'n'");
    assertFails("{$maxN: {n: 1}}", ErrorCode.LOCATION_5787907, "Missing value for 'input'");
    assertFails(
        "{$top: {output: '$v', sortBy: {v: 1}, n: 1}}",
        ErrorCode.LOCATION_5788002,
        "Unknown argument to $top 'n'");
    assertFails(
        "{$topN: {output: '$v', sortBy: {v: 1}}}",
        ErrorCode.LOCATION_5788003,
        "Missing value for 'n'");
    assertFails(
        "{$bottom: {sortBy: {v: 1}}}", ErrorCode.LOCATION_5788004, "Missing value for 'output'");
    assertFails("{$bottom: {output: 1}}", ErrorCode.LOCATION_5788005, "Missing value for 'sortBy'");
    assertFails(
        "{$top: {output: 1, sortBy: 1}}",
        ErrorCode.LOCATION_10065,
        "invalid parameter: expected an object (sortBy)");
  }
}
