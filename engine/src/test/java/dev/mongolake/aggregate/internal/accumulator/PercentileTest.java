package dev.mongolake.aggregate.internal.accumulator;

import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.assertMergeMatchesOnePass;
import static dev.mongolake.aggregate.internal.accumulator.AccumulatorHarness.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class PercentileTest {

  // The manual's testScores: test01 of five students.
  private static final String[] TEST01 = {
    "{s: 62}", "{s: 60}", "{s: 40}", "{s: 64}", "{s: 86}", "{s: 'absent'}", "{}"
  };

  private static BsonValue value(String json) {
    return BsonDocument.parse("{a: " + json + "}").get("a");
  }

  private static void assertFails(String spec, ErrorCode code, String message) {
    assertThatThrownBy(() -> AccumulatorHarness.parse(spec))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }

  @Test
  void percentileIsTheSampleAtRankCeilPnMinusOneAsDoubles() {
    assertThat(
            result(
                "{$percentile: {input: '$s', p: [0.5, 0.75, 0.9, 0.95], method: 'approximate'}}",
                TEST01))
        .isEqualTo(value("[62.0, 64.0, 86.0, 86.0]"));
    assertThat(result("{$percentile: {input: '$s', p: [0, 1], method: 'approximate'}}", TEST01))
        .isEqualTo(value("[40.0, 86.0]"));
  }

  @Test
  void medianIsOneDouble() {
    assertThat(result("{$median: {input: '$s', method: 'approximate'}}", TEST01))
        .isEqualTo(new BsonDouble(62.0));
  }

  @Test
  void withoutNumbersPercentilesAreNull() {
    assertThat(result("{$median: {input: '$s', method: 'approximate'}}", "{s: 'x'}"))
        .isEqualTo(BsonNull.VALUE);
    assertThat(result("{$percentile: {input: '$s', p: [0.1, 0.2], method: 'approximate'}}"))
        .isEqualTo(value("[null, null]"));
  }

  @Test
  void percentileMergesLikeOnePass() {
    assertMergeMatchesOnePass(
        "{$percentile: {input: '$s', p: [0.5, 0.9], method: 'approximate'}}", TEST01);
  }

  @Test
  void pMustBeAConstantArrayOfNumbersInZeroToOne() {
    String prefix =
        "The $percentile 'p' field must be an array of numbers from [0.0, 1.0], but found: ";
    assertFails(
        "{$percentile: {input: '$s', p: '$p', method: 'approximate'}}",
        ErrorCode.LOCATION_7750300,
        "The $percentile 'p' field must be an array of constant values, but found value: \"$p\".");
    assertFails(
        "{$percentile: {input: '$s', p: [], method: 'approximate'}}",
        ErrorCode.LOCATION_7750301,
        prefix + "[]");
    assertFails(
        "{$percentile: {input: '$s', p: ['a'], method: 'approximate'}}",
        ErrorCode.LOCATION_7750302,
        prefix + "\"a\"");
    assertFails(
        "{$percentile: {input: '$s', p: [1.5], method: 'approximate'}}",
        ErrorCode.LOCATION_7750303,
        prefix + "1.5");
  }

  @Test
  void onlyTheApproximateMethodIsAccepted() {
    assertFails(
        "{$median: {input: '$s', method: 'continuous'}}",
        ErrorCode.BAD_VALUE,
        "Currently only 'approximate' can be used as percentile 'method'.");
    assertFails(
        "{$median: {input: '$s'}}",
        ErrorCode.IDL_MISSING_FIELD,
        "BSON field '$median.method' is missing but a required field");
    assertFails(
        "{$median: {input: '$s', p: [0.5], method: 'approximate'}}",
        ErrorCode.IDL_UNKNOWN_FIELD,
        "BSON field '$median.p' is an unknown field.");
    assertFails(
        "{$percentile: 1}",
        ErrorCode.LOCATION_7429703,
        "specification must be an object; found $percentile: 1");
  }
}
