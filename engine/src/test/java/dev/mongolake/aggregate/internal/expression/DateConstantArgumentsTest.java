package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class DateConstantArgumentsTest {

  @Test
  void aBadConstantTimezoneFailsEvenWhenNoDateReachesIt() {
    assertFails(
        "{$hour: {date: '$nope', timezone: 'Bad/Zone'}}",
        ErrorCode.LOCATION_40485,
        "unrecognized time zone identifier: \"Bad/Zone\"");
    assertFails(
        "{$dateToString: {date: '$nope', timezone: 7}}",
        ErrorCode.LOCATION_40517,
        "timezone must evaluate to a string, found int");
    assertFails(
        "{$dateTrunc: {date: '$nope', unit: 'day', timezone: 'Bad/Zone'}}",
        ErrorCode.LOCATION_40485,
        "$dateTrunc parameter 'timezone' value parsing failed :: caused by :: unrecognized time"
            + " zone identifier: \"Bad/Zone\"");
  }

  @Test
  void anOperatorWhoseArgumentsAreAllConstantIsOnlyEvaluated() {
    assertThat(eval("{$hour: {date: null, timezone: 'Bad/Zone'}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$dateDiff: {startDate: null, endDate: null, unit: 'fortnight'}}"))
        .isEqualTo(BsonNull.VALUE);
  }

  @Test
  void constantUnitsWeekStartsAndBinSizesAreCheckedOnce() {
    assertFails(
        "{$dateDiff: {startDate: '$a', endDate: '$a', unit: 'fortnight'}}",
        ErrorCode.FAILED_TO_PARSE,
        "$dateDiff parameter 'unit' value parsing failed :: caused by :: unknown time unit value:"
            + " fortnight");
    assertFails(
        "{$dateDiff: {startDate: '$a', endDate: '$a', unit: 'day', startOfWeek: 'someday'}}",
        ErrorCode.LOCATION_5439016,
        "$dateDiff parameter 'startOfWeek' value cannot be recognized as a day of a week:"
            + " someday");
    assertFails(
        "{$dateTrunc: {date: '$a', unit: 'day', binSize: 0}}",
        ErrorCode.LOCATION_5439018,
        "$dateTrunc requires 'binSize' to be greater than 0, but got value 0");
    assertFails(
        "{$dateAdd: {startDate: '$a', unit: 5, amount: 1}}",
        ErrorCode.LOCATION_5439013,
        "$dateAdd requires 'unit' to be a string, but got int");
  }
}
