package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class DateDiffTest {

  private static long diff(String start, String end, String unit, String extra) {
    return eval("{$dateDiff: {startDate: {$date: '"
            + start
            + "'}, endDate: {$date: '"
            + end
            + "'}, unit: '"
            + unit
            + "'"
            + extra
            + "}}")
        .asInt64()
        .getValue();
  }

  @Test
  void countsBoundariesCrossedNotElapsedUnits() {
    String start = "2020-12-31T23:59:59Z";
    String end = "2021-01-01T00:00:00Z";
    assertThat(diff(start, end, "year", "")).isEqualTo(1);
    assertThat(diff(start, end, "quarter", "")).isEqualTo(1);
    assertThat(diff(start, end, "month", "")).isEqualTo(1);
    assertThat(diff(start, end, "day", "")).isEqualTo(1);
    assertThat(diff(start, end, "hour", "")).isEqualTo(1);
    assertThat(diff(start, end, "second", "")).isEqualTo(1);
    assertThat(diff(start, end, "millisecond", "")).isEqualTo(1000);
    assertThat(diff(end, start, "year", "")).isEqualTo(-1);
  }

  @Test
  void resultIsALong() {
    assertThat(
            eval(
                "{$dateDiff: {startDate: {$date: '2021-01-01T00:00:00Z'}, endDate: {$date:"
                    + " '2021-03-01T00:00:00Z'}, unit: 'month'}}"))
        .isEqualTo(new BsonInt64(2));
  }

  @Test
  void weeksStartOnSundayUnlessToldAsTheManualShows() {
    // Friday to Sunday, Thursday to Monday, Friday to Monday.
    assertThat(diff("2022-01-07T00:00:00Z", "2022-01-09T00:00:00Z", "week", "")).isEqualTo(1);
    assertThat(
            diff("2022-01-07T00:00:00Z", "2022-01-09T00:00:00Z", "week", ", startOfWeek: 'Monday'"))
        .isEqualTo(0);
    assertThat(diff("2022-01-13T00:00:00Z", "2022-01-17T00:00:00Z", "week", ", startOfWeek: 'mon'"))
        .isEqualTo(1);
    assertThat(
            diff("2022-01-21T00:00:00Z", "2022-01-24T00:00:00Z", "week", ", startOfWeek: 'MONDAY'"))
        .isEqualTo(1);
  }

  @Test
  void daysAndHoursAreCountedOnTheZonesWallClock() {
    // 2021-01-01T03:00Z is still 2020-12-31 in New York.
    assertThat(diff("2020-12-31T12:00:00Z", "2021-01-01T03:00:00Z", "day", "")).isEqualTo(1);
    assertThat(
            diff(
                "2020-12-31T12:00:00Z",
                "2021-01-01T03:00:00Z",
                "day",
                ", timezone: 'America/New_York'"))
        .isEqualTo(0);
    // Across the spring-forward change the wall clock skips an hour; hours still count elapsed.
    assertThat(
            diff(
                "2021-03-14T06:00:00Z",
                "2021-03-14T08:00:00Z",
                "hour",
                ", timezone: 'America/New_York'"))
        .isEqualTo(2);
    // A half-hour zone shifts where the hour boundaries are.
    assertThat(diff("2021-01-01T00:20:00Z", "2021-01-01T00:40:00Z", "hour", ", timezone: '+05:30'"))
        .isEqualTo(1);
  }

  @Test
  void nullArgumentsGiveNull() {
    assertThat(eval("{$dateDiff: {startDate: null, endDate: 1, unit: 'day'}}"))
        .isEqualTo(BsonNull.VALUE);
    assertThat(
            eval(
                "{$dateDiff: {startDate: {$date: '2021-01-01T00:00:00Z'}, endDate: {$date:"
                    + " '2021-01-01T00:00:00Z'}, unit: 'week', startOfWeek: null}}"))
        .isEqualTo(BsonNull.VALUE);
  }

  @Test
  void badArgumentsFailWithMongoDbsErrors() {
    assertFails(
        "{$dateDiff: []}",
        ErrorCode.LOCATION_5166301,
        "$dateDiff only supports an object as its argument");
    assertFails(
        "{$dateDiff: {startDate: 1, endDate: 1, unit: 'day', x: 1}}",
        ErrorCode.LOCATION_5166302,
        "Unrecognized argument to $dateDiff: x");
    assertFails(
        "{$dateDiff: {endDate: 1, unit: 'day'}}",
        ErrorCode.LOCATION_5166303,
        "Missing 'startDate' parameter to $dateDiff");
    assertFails(
        "{$dateDiff: {startDate: 1, unit: 'day'}}",
        ErrorCode.LOCATION_5166304,
        "Missing 'endDate' parameter to $dateDiff");
    assertFails(
        "{$dateDiff: {startDate: 1, endDate: 1}}",
        ErrorCode.LOCATION_5166305,
        "Missing 'unit' parameter to $dateDiff");
    assertFails(
        "{$dateDiff: {startDate: 1, endDate: {$date: '2021-01-01T00:00:00Z'}, unit: 'day'}}",
        ErrorCode.LOCATION_5166307,
        "$dateDiff requires 'startDate' to be a date, but got int");
    assertFails(
        "{$dateDiff: {startDate: {$date: '2021-01-01T00:00:00Z'}, endDate: {$date:"
            + " '2021-01-01T00:00:00Z'}, unit: 'day', timezone: 'Nowhere'}}",
        ErrorCode.LOCATION_40485,
        "$dateDiff parameter 'timezone' value parsing failed :: caused by :: unrecognized time"
            + " zone identifier: \"Nowhere\"");
    assertFails(
        "{$dateDiff: {startDate: {$date: '2021-01-01T00:00:00Z'}, endDate: {$date:"
            + " '2021-01-01T00:00:00Z'}, unit: 'week', startOfWeek: 'someday'}}",
        ErrorCode.LOCATION_5439016,
        "$dateDiff parameter 'startOfWeek' value cannot be recognized as a day of a week:"
            + " someday");
    assertFails(
        "{$dateDiff: {startDate: {$date: '-200000000-01-01T00:00:00Z'}, endDate: {$date:"
            + " '+200000000-01-01T00:00:00Z'}, unit: 'millisecond'}}",
        ErrorCode.LOCATION_5166308,
        "dateDiff overflowed");
  }
}
