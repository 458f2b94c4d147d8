package dev.mongolake.aggregate.internal.accumulator;

import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.assertMergeMatchesOnePass;
import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.assertRemoveUndoesAccumulate;
import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class ValueAccumulatorsTest {

  private static BsonValue array(String json) {
    return BsonDocument.parse("{a: " + json + "}").get("a");
  }

  @Test
  void minAndMaxIgnoreNullAndMissingAndCompareAcrossTypes() {
    assertThat(result("{$min: '$v'}", "{v: null}", "{}", "{v: 'b'}", "{v: 3}", "{v: 2.5}"))
        .isEqualTo(new BsonDouble(2.5));
    assertThat(result("{$max: '$v'}", "{v: null}", "{v: 'b'}", "{v: 3}"))
        .isEqualTo(new org.bson.BsonString("b"));
    assertThat(result("{$max: '$v'}", "{v: null}", "{}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void minAndMaxMergeAndRemove() {
    assertMergeMatchesOnePass("{$min: '$v'}", "{v: 5}", "{v: 1}", "{v: 3}");
    assertRemoveUndoesAccumulate("{$max: '$v'}", 2, "{v: 9}", "{v: 9}", "{v: 4}", "{v: 7}");
    assertRemoveUndoesAccumulate("{$min: '$v'}", 1, "{v: 1}", "{v: 1}", "{v: 4}");
  }

  @Test
  void aGroupsMinKeepsOnlyTheBestAndCannotRemove() {
    Accumulator group = AccumulatorHarness.parse("{$min: '$v'}").factory().get();
    group.accumulate(new BsonInt32(3));
    group.accumulate(new BsonInt32(1));
    assertThat(group.removable()).isFalse();
    assertThatThrownBy(() -> group.remove(new BsonInt32(1)))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void firstAndLastKeepNullForMissing() {
    assertThat(result("{$first: '$v'}", "{}", "{v: 1}")).isEqualTo(BsonNull.VALUE);
    assertThat(result("{$last: '$v'}", "{v: 1}", "{}")).isEqualTo(BsonNull.VALUE);
    assertThat(result("{$last: '$v'}", "{}", "{v: 2}")).isEqualTo(new BsonInt32(2));
    assertMergeMatchesOnePass("{$first: '$v'}", "{v: 1}", "{v: 2}");
    assertMergeMatchesOnePass("{$last: '$v'}", "{v: 1}", "{v: 2}");
  }

  @Test
  void pushSkipsMissingButKeepsNull() {
    assertThat(result("{$push: '$v'}", "{v: 1}", "{}", "{v: null}", "{v: 1}"))
        .isEqualTo(array("[1, null, 1]"));
    assertMergeMatchesOnePass("{$push: '$v'}", "{v: 1}", "{v: 2}", "{v: 3}");
    assertRemoveUndoesAccumulate("{$push: '$v'}", 1, "{v: 1}", "{v: 2}", "{v: 1}");
  }

  @Test
  void addToSetKeepsOneOfEqualNumbersButDocumentsInAnotherFieldOrderTwice() {
    assertThat(
            result(
                "{$addToSet: '$v'}",
                "{v: 1}",
                "{v: 1.0}",
                "{v: NumberLong(1)}",
                "{v: {a: 1, b: 2}}",
                "{v: {b: 2, a: 1}}",
                "{}"))
        .isEqualTo(array("[1, {a: 1, b: 2}, {b: 2, a: 1}]"));
  }

  @Test
  void addToSetMergesAndRemovesAsACountedSet() {
    assertMergeMatchesOnePass("{$addToSet: '$v'}", "{v: 1}", "{v: 2}", "{v: 1}");
    AccumulatorSpec spec = AccumulatorHarness.parse("{$addToSet: '$v'}");
    Accumulator sliding =
        AccumulatorHarness.run(spec, AccumulatorHarness.documents("{v: 1}", "{v: 2}", "{v: 1}"));
    sliding.remove(new BsonInt32(1));
    assertThat(sliding.result().asArray())
        .containsExactlyInAnyOrder(new BsonInt32(1), new BsonInt32(2));
    sliding.remove(new BsonInt32(2));
    assertThat(sliding.result().asArray()).containsExactly(new BsonInt32(1));
  }

  @Test
  void mergeObjectsLetsLaterFieldsWinInPlace() {
    assertThat(
            result(
                "{$mergeObjects: '$v'}",
                "{v: {a: 1, b: 1}}",
                "{v: null}",
                "{}",
                "{v: {b: 2, c: 3}}"))
        .isEqualTo(BsonDocument.parse("{a: 1, b: 2, c: 3}"));
    assertThat(result("{$mergeObjects: '$v'}")).isEqualTo(new BsonDocument());
    assertMergeMatchesOnePass("{$mergeObjects: '$v'}", "{v: {a: 1}}", "{v: {a: 2, b: 1}}");
  }

  @Test
  void mergeObjectsRefusesANonDocument() {
    assertThatThrownBy(() -> result("{$mergeObjects: '$v'}", "{v: 5}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_40400);
              assertThat(e.getMessage())
                  .isEqualTo("$mergeObjects requires object inputs, but input 5 is of type int");
            });
  }

  @Test
  void stdDevPopAndSampAreDoublesOfTheNumbers() {
    // The manual's example: quiz scores 62, 67, 72 (population 4.08248290463863).
    String[] scores = {"{v: 62}", "{v: 67}", "{v: 72}", "{v: 'absent'}"};
    assertThat(((BsonDouble) result("{$stdDevPop: '$v'}", scores)).getValue())
        .isCloseTo(4.08248290463863, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(result("{$stdDevSamp: '$v'}", scores)).isEqualTo(new BsonDouble(5.0));
  }

  @Test
  void stdDevIsNullWithoutEnoughNumbers() {
    assertThat(result("{$stdDevPop: '$v'}", "{v: 'x'}")).isEqualTo(BsonNull.VALUE);
    assertThat(result("{$stdDevPop: '$v'}", "{v: 3}")).isEqualTo(new BsonDouble(0.0));
    assertThat(result("{$stdDevSamp: '$v'}", "{v: 3}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void stdDevMergesAndRemoves() {
    BsonValue onePass = result("{$stdDevSamp: '$v'}", "{v: 1}", "{v: 2}", "{v: 4}", "{v: 8}");
    AccumulatorSpec spec = AccumulatorHarness.parse("{$stdDevSamp: '$v'}");
    Accumulator first =
        AccumulatorHarness.run(spec, AccumulatorHarness.documents("{v: 1}", "{v: 2}"));
    first.merge(AccumulatorHarness.run(spec, AccumulatorHarness.documents("{v: 4}", "{v: 8}")));
    assertThat(((BsonDouble) first.result()).getValue())
        .isCloseTo(((BsonDouble) onePass).getValue(), org.assertj.core.data.Offset.offset(1e-12));
    Accumulator sliding =
        AccumulatorHarness.run(spec, AccumulatorHarness.documents("{v: 100}", "{v: 3}", "{v: 5}"));
    sliding.remove(new BsonInt32(100));
    assertThat(((BsonDouble) sliding.result()).getValue())
        .isCloseTo(Math.sqrt(2), org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void groupKeyEqualityIsMongoDbs() {
    assertThat(GroupKey.of(new BsonInt32(1)))
        .isEqualTo(GroupKey.of(new org.bson.BsonInt64(1)))
        .isEqualTo(GroupKey.of(new BsonDouble(1.0)))
        .isEqualTo(
            GroupKey.of(new org.bson.BsonDecimal128(org.bson.types.Decimal128.parse("1.0"))));
    assertThat(GroupKey.of(BsonDocument.parse("{a: 1, b: 2}")))
        .isEqualTo(GroupKey.of(BsonDocument.parse("{a: 1.0, b: NumberLong(2)}")))
        .isNotEqualTo(GroupKey.of(BsonDocument.parse("{b: 2, a: 1}")));
    assertThat(GroupKey.of(new BsonArray())).isNotEqualTo(GroupKey.of(BsonNull.VALUE));
    assertThat(GroupKey.of(new BsonDouble(-0.0))).isEqualTo(GroupKey.of(new BsonInt32(0)));
  }
}
