package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.date;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class DateTruncTest {

  private static BsonValue trunc(String at, String options) {
    return eval("{$dateTrunc: {date: {$date: '" + at + "'}, " + options + "}}");
  }

  @Test
  void truncatesToTheStartOfTheUnit() {
    String at = "2021-03-20T11:30:05.123Z";
    assertThat(trunc(at, "unit: 'year'")).isEqualTo(date("2021-01-01T00:00:00Z"));
    assertThat(trunc(at, "unit: 'quarter'")).isEqualTo(date("2021-01-01T00:00:00Z"));
    assertThat(trunc(at, "unit: 'month'")).isEqualTo(date("2021-03-01T00:00:00Z"));
    assertThat(trunc(at, "unit: 'week'")).isEqualTo(date("2021-03-14T00:00:00Z"));
    assertThat(trunc(at, "unit: 'day'")).isEqualTo(date("2021-03-20T00:00:00Z"));
    assertThat(trunc(at, "unit: 'hour'")).isEqualTo(date("2021-03-20T11:00:00Z"));
    assertThat(trunc(at, "unit: 'minute'")).isEqualTo(date("2021-03-20T11:30:00Z"));
    assertThat(trunc(at, "unit: 'second'")).isEqualTo(date("2021-03-20T11:30:05Z"));
    assertThat(trunc(at, "unit: 'millisecond', binSize: 100"))
        .isEqualTo(date("2021-03-20T11:30:05.100Z"));
  }

  @Test
  void binsAreCountedFromTheYear2000InTheZoneAsTheManualShows() {
    assertThat(
            trunc(
                "2020-05-18T14:10:30Z",
                "unit: 'week', binSize: 2, timezone: 'America/Los_Angeles', startOfWeek:"
                    + " 'Monday'"))
        .isEqualTo(date("2020-05-11T07:00:00Z"));
    assertThat(trunc("2021-03-20T11:30:05Z", "unit: 'hour', binSize: 2"))
        .isEqualTo(date("2021-03-20T10:00:00Z"));
    assertThat(trunc("2021-03-20T11:30:05Z", "unit: 'month', binSize: 6"))
        .isEqualTo(date("2021-01-01T00:00:00Z"));
    assertThat(trunc("2021-08-20T11:30:05Z", "unit: 'month', binSize: 6"))
        .isEqualTo(date("2021-07-01T00:00:00Z"));
    assertThat(trunc("1999-12-31T23:00:00Z", "unit: 'year', binSize: 5"))
        .isEqualTo(date("1995-01-01T00:00:00Z"));
  }

  @Test
  void daysStartAtLocalMidnightInTheZoneAcrossDaylightSaving() {
    // The day after New York springs forward begins at 04:00Z, not 05:00Z.
    assertThat(trunc("2021-03-15T12:00:00Z", "unit: 'day', timezone: 'America/New_York'"))
        .isEqualTo(date("2021-03-15T04:00:00Z"));
    assertThat(trunc("2021-03-13T12:00:00Z", "unit: 'day', timezone: 'America/New_York'"))
        .isEqualTo(date("2021-03-13T05:00:00Z"));
    assertThat(trunc("2021-03-13T12:40:00Z", "unit: 'hour', timezone: '+05:30'"))
        .isEqualTo(date("2021-03-13T12:30:00Z"));
  }

  @Test
  void nullArgumentsGiveNull() {
    assertThat(eval("{$dateTrunc: {date: null, unit: 'day'}}")).isEqualTo(BsonNull.VALUE);
    assertThat(trunc("2021-03-13T12:00:00Z", "unit: 'day', binSize: null"))
        .isEqualTo(BsonNull.VALUE);
    assertThat(trunc("2021-03-13T12:00:00Z", "unit: null")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void badArgumentsFailWithMongoDbsErrors() {
    assertFails(
        "{$dateTrunc: 'x'}",
        ErrorCode.LOCATION_5439007,
        "$dateTrunc only supports an object as its argument");
    assertFails(
        "{$dateTrunc: {date: 1, unit: 'day', weekStartDay: 1}}",
        ErrorCode.LOCATION_5439008,
        "Unrecognized argument to $dateTrunc: weekStartDay. Expected arguments are date, unit,"
            + " and optionally, binSize, timezone, startOfWeek");
    assertFails(
        "{$dateTrunc: {unit: 'day'}}",
        ErrorCode.LOCATION_5439009,
        "Missing 'date' parameter to $dateTrunc");
    assertFails(
        "{$dateTrunc: {date: 1}}",
        ErrorCode.LOCATION_5439010,
        "Missing 'unit' parameter to $dateTrunc");
    assertFails(
        "{$dateTrunc: {date: 1, unit: 'day'}}",
        ErrorCode.LOCATION_5166307,
        "$dateTrunc requires 'date' to be a date, but got int");
    assertFails(
        "{$dateTrunc: {date: {$date: '2021-01-01T00:00:00Z'}, unit: 'day', binSize: 1.5}}",
        ErrorCode.LOCATION_5439017,
        "$dateTrunc requires 'binSize' to be a 64-bit integer, but got value '1.5' of type"
            + " double");
    assertFails(
        "{$dateTrunc: {date: {$date: '2021-01-01T00:00:00Z'}, unit: 'day', binSize: 0}}",
        ErrorCode.LOCATION_5439018,
        "$dateTrunc requires 'binSize' to be greater than 0, but got value 0");
    assertFails(
        "{$dateTrunc: {date: {$date: '2021-01-01T00:00:00Z'}, unit: 'week', startOfWeek: 1}}",
        ErrorCode.LOCATION_5439015,
        "$dateTrunc requires 'startOfWeek' to be a string, but got int");
    assertFails(
        "{$dateTrunc: {date: {$date: '2021-01-01T00:00:00Z'}, unit: 'day',"
            + " binSize: {$numberLong: '100000000001'}}}",
        ErrorCode.LOCATION_5439006,
        "dateTrunc unsupported binSize value");
    assertFails(
        "{$dateTrunc: {date: {$date: '2021-01-01T00:00:00Z'}, unit: 'hour',"
            + " binSize: {$numberLong: '9223372036854775807'}}}",
        ErrorCode.LOCATION_5439002,
        "dateTrunc overflowed");
  }
}
