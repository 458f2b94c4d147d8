package dev.mongolake.aggregate;

import static dev.mongolake.aggregate.StageHarness.assertFails;
import static dev.mongolake.aggregate.StageHarness.documents;
import static dev.mongolake.aggregate.StageHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class GroupStageTest {

  private static final List<BsonDocument> NONE = List.of();

  @Test
  void equalNumbersOfEveryTypeAreOneGroupKeepingTheFirstSeenId() {
    assertThat(
            run(
                documents("{k: 1.0}", "{k: 1}", "{k: NumberLong(1)}", "{k: NumberDecimal('1')}"),
                "{$group: {_id: '$k', n: {$count: {}}}}"))
        .containsExactly(BsonDocument.parse("{_id: 1.0, n: 4}"));
  }

  @Test
  void documentsWithFieldsInAnotherOrderAreDifferentGroups() {
    assertThat(
            run(
                documents("{k: {a: 1, b: 2}}", "{k: {b: 2, a: 1}}", "{k: {a: 1.0, b: 2}}"),
                "{$group: {_id: '$k', n: {$sum: 1}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: {a: 1, b: 2}, n: 2}"),
            BsonDocument.parse("{_id: {b: 2, a: 1}, n: 1}"));
  }

  @Test
  void missingAndNullAreOneGroup() {
    assertThat(run(documents("{}", "{k: null}"), "{$group: {_id: '$k', n: {$sum: 1}}}"))
        .containsExactly(BsonDocument.parse("{_id: null, n: 2}"));
  }

  @Test
  void anIdDocumentOfOneFieldGroupsAMissingValueAsNull() {
    assertThat(run(documents("{x: null}", "{}"), "{$group: {_id: {a: '$x'}, n: {$sum: 1}}}"))
        .containsExactly(BsonDocument.parse("{_id: {a: null}, n: 2}"));
    assertThat(
            run(
                documents("{x: 1, y: null}", "{x: 1}"),
                "{$group: {_id: {a: '$x', b: '$y'}, n: {$sum: 1}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: {a: 1, b: null}, n: 1}"),
            BsonDocument.parse("{_id: {a: 1}, n: 1}"));
  }

  @Test
  void idMayBeADocumentOfExpressionsOrALiteral() {
    assertThat(
            run(
                documents("{a: 1, b: 2}", "{a: 1, b: 3}"),
                "{$group: {_id: {x: '$a'}, total: {$sum: '$b'}}}"))
        .containsExactly(BsonDocument.parse("{_id: {x: 1}, total: 5}"));
    assertThat(run(documents("{a: 1}"), "{$group: {_id: {$literal: '$a'}, n: {$sum: 1}}}"))
        .containsExactly(BsonDocument.parse("{_id: '$a', n: 1}"));
  }

  @Test
  void everyAccumulatorRunsInGroup() {
    assertThat(
            run(
                documents("{k: 'a', v: 3, o: {x: 1}}", "{k: 'a', v: 1, o: {y: 2}}"),
                "{$group: {_id: '$k', merged: {$mergeObjects: '$o'}, top: {$top: {output: '$v',"
                    + " sortBy: {v: 1}}}, last: {$lastN: {input: '$v', n: 5}}, med: {$median:"
                    + " {input: '$v', method: 'approximate'}}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 'a', merged: {x: 1, y: 2}, top: 1, last: [3, 1], med: 1.0}"));
  }

  @Test
  void nMayReadTheGroupKey() {
    // As the manual's per-game n, with the limit carried in the group key.
    List<BsonDocument> scores =
        documents(
            "{playerId: 'PlayerA', gameId: 'G1', score: 31, limit: 3}",
            "{playerId: 'PlayerB', gameId: 'G1', score: 33, limit: 3}",
            "{playerId: 'PlayerC', gameId: 'G1', score: 99, limit: 3}",
            "{playerId: 'PlayerD', gameId: 'G1', score: 1, limit: 3}",
            "{playerId: 'PlayerA', gameId: 'G2', score: 10, limit: 1}",
            "{playerId: 'PlayerB', gameId: 'G2', score: 14, limit: 1}");
    assertThat(
            run(
                scores,
                "{$group: {_id: {gameId: '$gameId', limit: '$limit'}, gamescores: {$topN: {output:"
                    + " '$score', n: '$limit', sortBy: {score: -1}}}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: {gameId: 'G1', limit: 3}, gamescores: [99, 33, 31]}"),
            BsonDocument.parse("{_id: {gameId: 'G2', limit: 1}, gamescores: [14]}"));
    assertFails(
        scores,
        ErrorCode.LOCATION_5787902,
        "Value for 'n' must be of integral type, but found MISSING",
        "{$group: {_id: '$gameId', t: {$topN: {output: '$score', n: '$limit', sortBy: {score:"
            + " 1}}}}}");
  }

  @Test
  void bucketAutoCannotReadAGroupKey() {
    assertFails(
        NONE,
        ErrorCode.LOCATION_4544714,
        "Can't refer to the group key in $bucketAuto",
        "{$bucketAuto: {groupBy: '$v', buckets: 1, output: {t: {$firstN: {input: '$v', n:"
            + " '$k'}}}}}");
  }

  @Test
  void groupOfNoDocumentsIsEmpty() {
    assertThat(run(NONE, "{$group: {_id: null, n: {$sum: 1}}}")).isEmpty();
  }

  @Test
  void specificationErrorsAreMongoDbs() {
    assertFails(
        NONE,
        ErrorCode.LOCATION_15947,
        "a group's fields must be specified in an object",
        "{$group: 1}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_15955,
        "a group specification must include an _id",
        "{$group: {n: {$sum: 1}}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40234,
        "The field 'n' must be an accumulator object",
        "{$group: {_id: 1, n: 1}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40235,
        "The field name 'a.b' cannot contain '.'",
        "{$group: {_id: 1, 'a.b': {$sum: 1}}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40236,
        "The field name '$a' cannot be an operator name",
        "{$group: {_id: 1, $a: {$sum: 1}}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40238,
        "The field 'n' must specify one accumulator",
        "{$group: {_id: 1, n: {$sum: 1, $max: 1}}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40237,
        "The $sum accumulator is a unary operator",
        "{$group: {_id: 1, n: {$sum: [1, 2]}}}");
  }
}
