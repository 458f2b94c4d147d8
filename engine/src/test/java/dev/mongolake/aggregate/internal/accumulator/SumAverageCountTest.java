package dev.mongolake.aggregate.internal.accumulator;

import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.assertMergeMatchesOnePass;
import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.assertRemoveUndoesAccumulate;
import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

class SumAverageCountTest {

  @Test
  void sumOfInt32StaysInt32() {
    assertThat(result("{$sum: '$v'}", "{v: 1}", "{v: 2}")).isEqualTo(new BsonInt32(3));
  }

  @Test
  void sumOfNothingIsInt32Zero() {
    assertThat(result("{$sum: '$v'}")).isEqualTo(new BsonInt32(0));
    assertThat(result("{$sum: '$v'}", "{}", "{v: null}", "{v: 'text'}"))
        .isEqualTo(new BsonInt32(0));
  }

  @Test
  void sumOfInt32PastTheirRangeWidensToInt64() {
    assertThat(result("{$sum: '$v'}", "{v: 2147483647}", "{v: 1}"))
        .isEqualTo(new BsonInt64(2147483648L));
  }

  @Test
  void sumWithAnInt64IsInt64() {
    assertThat(result("{$sum: '$v'}", "{v: 1}", "{v: NumberLong(2)}")).isEqualTo(new BsonInt64(3));
  }

  @Test
  void sumPastInt64WidensToDouble() {
    assertThat(result("{$sum: '$v'}", "{v: NumberLong('9223372036854775807')}", "{v: 1}"))
        .isEqualTo(new BsonDouble(9.223372036854775807E18));
  }

  @Test
  void integersPastInt64AndBackAreAnInt64AgainAsInMongoDb() {
    assertThat(
            result(
                "{$sum: '$v'}",
                "{v: NumberLong('9223372036854775807')}",
                "{v: 1}",
                "{v: NumberLong(-2)}"))
        .isEqualTo(new BsonInt64(Long.MAX_VALUE - 1));
  }

  @Test
  void sumWithADoubleIsDoubleAndWithADecimalIsDecimal() {
    assertThat(result("{$sum: '$v'}", "{v: 1}", "{v: 2.5}")).isEqualTo(new BsonDouble(3.5));
    assertThat(result("{$sum: '$v'}", "{v: 1}", "{v: 2.5}", "{v: NumberDecimal('0.25')}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("3.75")));
  }

  @Test
  void aDoubleJoinsADecimalSumAsItsBinaryValueToThirtyFourDigits() {
    assertThat(result("{$sum: '$v'}", "{v: NumberDecimal('1')}", "{v: 0.1}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1.100000000000000005551115123125783")));
  }

  @Test
  void sumOfInfinitiesOfBothSignsIsNaN() {
    assertThat(result("{$sum: '$v'}", "{v: Infinity}", "{v: -Infinity}", "{v: 1}"))
        .isEqualTo(new BsonDouble(Double.NaN));
  }

  @Test
  void sumMergesLikeOnePass() {
    assertMergeMatchesOnePass(
        "{$sum: '$v'}", "{v: 1}", "{v: NumberLong(5)}", "{v: 2147483647}", "{v: 'x'}", "{}");
    assertMergeMatchesOnePass("{$sum: '$v'}", "{v: 1}", "{v: 0.5}", "{v: NumberDecimal('2')}");
  }

  @Test
  void sumRemovesBackToAnIntegralType() {
    assertRemoveUndoesAccumulate("{$sum: '$v'}", 1, "{v: 1.5}", "{v: 1}", "{v: 2}");
    assertRemoveUndoesAccumulate(
        "{$sum: '$v'}", 2, "{v: Infinity}", "{v: NumberDecimal('1')}", "{v: 2}");
  }

  @Test
  void avgIsDoubleOfTheNumbersOnly() {
    assertThat(result("{$avg: '$v'}", "{v: 1}", "{v: 2}", "{v: 'x'}", "{}"))
        .isEqualTo(new BsonDouble(1.5));
  }

  @Test
  void avgWithADecimalIsDecimal() {
    assertThat(result("{$avg: '$v'}", "{v: 1}", "{v: NumberDecimal('2')}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1.5")));
  }

  @Test
  void avgOfNoNumbersIsNull() {
    assertThat(result("{$avg: '$v'}", "{v: 'x'}", "{}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void avgMergesAndRemoves() {
    assertMergeMatchesOnePass("{$avg: '$v'}", "{v: 1}", "{v: 4}", "{v: 'x'}", "{v: 10}");
    assertRemoveUndoesAccumulate("{$avg: '$v'}", 2, "{v: 1}", "{v: 'x'}", "{v: 4}", "{v: 10}");
  }

  @Test
  void countCountsEveryDocumentAsInt32() {
    assertThat(result("{$count: {}}", "{v: 1}", "{}", "{v: null}")).isEqualTo(new BsonInt32(3));
    assertMergeMatchesOnePass("{$count: {}}", "{}", "{}", "{}");
    assertRemoveUndoesAccumulate("{$count: {}}", 1, "{}", "{}");
  }

  @Test
  void countTakesOnlyAnEmptyDocument() {
    assertThatThrownBy(() -> AccumulatorHarness.parse("{$count: 1}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.TYPE_MISMATCH);
              assertThat(e.getMessage()).isEqualTo("$count takes no arguments, i.e. $count:{}");
            });
  }

  @Test
  void accumulatorIsRefusedAsServerSideJavaScript() {
    assertThatThrownBy(() -> AccumulatorHarness.parse("{$accumulator: {}}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_IMPLEMENTED);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Cannot run accumulator $accumulator: server-side JavaScript is not"
                          + " supported");
            });
  }

  @Test
  void unknownAccumulatorIs15952() {
    assertThatThrownBy(() -> AccumulatorHarness.parse("{$rank: {}}"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_15952);
              assertThat(e.getMessage()).isEqualTo("unknown group operator '$rank'");
            });
  }
}
