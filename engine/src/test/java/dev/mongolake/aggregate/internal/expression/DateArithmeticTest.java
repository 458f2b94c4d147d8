package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.date;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class DateArithmeticTest {

  private static String add(String start, String unit, String amount, String timezone) {
    String tz = timezone == null ? "" : ", timezone: '" + timezone + "'";
    return "{$dateAdd: {startDate: {$date: '"
        + start
        + "'}, unit: '"
        + unit
        + "', amount: "
        + amount
        + tz
        + "}}";
  }

  @Test
  void addsCalendarAndClockUnitsAsTheManualShows() {
    assertThat(eval(add("2020-10-31T12:10:05Z", "day", "3", null)))
        .isEqualTo(date("2020-11-03T12:10:05Z"));
    assertThat(eval(add("2020-10-31T12:10:05Z", "hour", "2", null)))
        .isEqualTo(date("2020-10-31T14:10:05Z"));
    assertThat(eval(add("2020-10-31T12:10:05Z", "quarter", "1", null)))
        .isEqualTo(date("2021-01-31T12:10:05Z"));
    assertThat(eval(add("2020-10-31T12:10:05Z", "week", "-1", null)))
        .isEqualTo(date("2020-10-24T12:10:05Z"));
    assertThat(eval(add("2020-10-31T12:10:05.250Z", "millisecond", "800", null)))
        .isEqualTo(date("2020-10-31T12:10:06.050Z"));
  }

  @Test
  void monthsClampToTheLastDayOfTheMonth() {
    assertThat(eval(add("2021-01-31T10:00:00Z", "month", "1", null)))
        .isEqualTo(date("2021-02-28T10:00:00Z"));
    assertThat(eval(add("2020-01-31T10:00:00Z", "month", "1", null)))
        .isEqualTo(date("2020-02-29T10:00:00Z"));
    assertThat(eval(add("2020-02-29T10:00:00Z", "year", "1", null)))
        .isEqualTo(date("2021-02-28T10:00:00Z"));
    assertThat(eval(add("2021-03-31T10:00:00Z", "month", "-1", null)))
        .isEqualTo(date("2021-02-28T10:00:00Z"));
  }

  @Test
  void daysKeepTheWallClockAcrossDaylightSavingWhileHoursDoNot() {
    // New York springs forward on 2021-03-14.
    assertThat(eval(add("2021-03-13T12:00:00Z", "day", "1", "America/New_York")))
        .isEqualTo(date("2021-03-14T11:00:00Z"));
    assertThat(eval(add("2021-03-13T12:00:00Z", "hour", "24", "America/New_York")))
        .isEqualTo(date("2021-03-14T12:00:00Z"));
    assertThat(eval(add("2020-11-01T05:50:02Z", "hour", "1", "America/New_York")))
        .isEqualTo(date("2020-11-01T06:50:02Z"));
  }

  @Test
  void subtractMovesBackwards() {
    assertThat(
            eval(
                "{$dateSubtract: {startDate: {$date: '2021-03-31T00:00:00Z'}, unit: 'month',"
                    + " amount: 1}}"))
        .isEqualTo(date("2021-02-28T00:00:00Z"));
    assertThat(
            eval(
                "{$dateSubtract: {startDate: {$date: '2021-01-01T00:00:00Z'}, unit: 'second',"
                    + " amount: 1.0}}"))
        .isEqualTo(date("2020-12-31T23:59:59Z"));
  }

  @Test
  void nullArgumentsGiveNull() {
    assertThat(eval("{$dateAdd: {startDate: null, unit: 'day', amount: 1}}"))
        .isEqualTo(BsonNull.VALUE);
    assertThat(
            eval("{$dateAdd: {startDate: {$date: '2021-01-01T00:00:00Z'}, unit: '$x', amount: 1}}"))
        .isEqualTo(BsonNull.VALUE);
    assertThat(eval(add("2021-01-01T00:00:00Z", "day", "null", null))).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void badArgumentsFailWithMongoDbsErrors() {
    assertFails(
        "{$dateAdd: 1}", ErrorCode.LOCATION_5166400, "$dateAdd expects an object as its argument");
    assertFails(
        "{$dateSubtract: {startDate: 1, unit: 'day'}}",
        ErrorCode.LOCATION_5166402,
        "$dateSubtract requires startDate, unit, and amount to be present");
    assertFails(
        "{$dateAdd: {startDate: 1, unit: 'day', amount: 1, when: 1}}",
        ErrorCode.LOCATION_5166401,
        "Unrecognized argument to $dateAdd: when. Expected arguments are startDate, unit, amount,"
            + " and optionally timezone.");
    assertFails(
        "{$dateAdd: {startDate: 'x', unit: 'day', amount: 1}}",
        ErrorCode.LOCATION_5166403,
        "$dateAdd requires startDate to be convertible to a date");
    assertFails(
        add("2021-01-01T00:00:00Z", "day", "1.5", null),
        ErrorCode.LOCATION_5166405,
        "$dateAdd expects integer amount of time units");
    assertFails(
        add("2021-01-01T00:00:00Z", "fortnight", "1", null),
        ErrorCode.FAILED_TO_PARSE,
        "$dateAdd parameter 'unit' value parsing failed :: caused by :: unknown time unit value:"
            + " fortnight");
    assertFails(
        "{$dateAdd: {startDate: {$date: '2021-01-01T00:00:00Z'}, unit: 1, amount: 1}}",
        ErrorCode.LOCATION_5439013,
        "$dateAdd requires 'unit' to be a string, but got int");
    assertFails(
        add("2021-01-01T00:00:00Z", "year", "1000000000", null),
        ErrorCode.LOCATION_5976500,
        "invalid dateAdd 'amount' parameter value: 1000000000 year");
    // Milliseconds are added as MongoDB's durations, whose overflow is DurationOverflow.
    assertFails(
        add("2021-01-01T00:00:00Z", "millisecond", "{$numberLong: '9223372036854775807'}", null),
        ErrorCode.DURATION_OVERFLOW,
        "Overflow while adding 9223372036854775807ms to 1609459200000ms");
    assertFails(
        "{$dateSubtract: {startDate: {$date: '1969-12-31T00:00:00Z'}, unit: 'millisecond',"
            + " amount: {$numberLong: '9223372036854775807'}}}",
        ErrorCode.DURATION_OVERFLOW,
        "Overflow while adding -9223372036854775807ms to -86400000ms");
    assertFails(
        add("2021-01-01T00:00:00Z", "year", "500000000", null),
        ErrorCode.LOCATION_5166406,
        "dateAdd overflowed");
    assertFails(
        "{$dateSubtract: {startDate: {$date: '2021-01-01T00:00:00Z'}, unit: 'day',"
            + " amount: {$numberLong: '-9223372036854775808'}}}",
        ErrorCode.LOCATION_6045000,
        "invalid $dateSubtract 'amount' parameter value: -9223372036854775808");
  }
}
