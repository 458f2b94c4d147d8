package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class DatePartOperatorsTest {

  private static final String MANUAL_DOC = "{date: {$date: '2014-01-01T08:15:39.736Z'}}";

  @Test
  void partsOfTheManualsExampleDateAreInts() {
    assertThat(eval("{$year: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(2014));
    assertThat(eval("{$month: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$dayOfMonth: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$hour: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(8));
    assertThat(eval("{$minute: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(15));
    assertThat(eval("{$second: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(39));
    assertThat(eval("{$millisecond: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(736));
    assertThat(eval("{$dayOfYear: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$dayOfWeek: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(4));
    assertThat(eval("{$week: '$date'}", MANUAL_DOC)).isEqualTo(new BsonInt32(0));
  }

  @Test
  void isoWeekYearIsALongAndCrossesTheYearBoundary() {
    String firstOf2016 = "{date: {$date: '2016-01-01T00:00:00Z'}}";
    assertThat(eval("{$isoWeekYear: '$date'}", firstOf2016)).isEqualTo(new BsonInt64(2015));
    assertThat(eval("{$isoWeek: '$date'}", firstOf2016)).isEqualTo(new BsonInt32(53));
    assertThat(eval("{$isoDayOfWeek: '$date'}", firstOf2016)).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$isoWeekYear: {date: {$date: '2017-01-02T00:00:00Z'}, timezone: '-0500'}}"))
        .isEqualTo(new BsonInt64(2016));
  }

  @Test
  void weekCountsSundayStartedWeeksWithDaysBeforeTheFirstSundayInWeekZero() {
    assertThat(eval("{$week: {$dateFromParts: {year: 2016, month: 1, day: 2}}}"))
        .isEqualTo(new BsonInt32(0));
    assertThat(eval("{$week: {$dateFromParts: {year: 2016, month: 1, day: 3}}}"))
        .isEqualTo(new BsonInt32(1));
    assertThat(eval("{$week: {$dateFromParts: {year: 2016, month: 12, day: 31}}}"))
        .isEqualTo(new BsonInt32(52));
    assertThat(eval("{$week: {$dateFromParts: {year: 2017, month: 1, day: 1}}}"))
        .isEqualTo(new BsonInt32(1));
  }

  @Test
  void timezoneMovesTheWallClockIncludingAcrossDaylightSaving() {
    String winter = "{date: {$date: '2021-01-15T12:00:00Z'}}";
    String summer = "{date: {$date: '2021-07-15T12:00:00Z'}}";
    assertThat(eval("{$hour: {date: '$date', timezone: 'America/New_York'}}", winter))
        .isEqualTo(new BsonInt32(7));
    assertThat(eval("{$hour: {date: '$date', timezone: 'America/New_York'}}", summer))
        .isEqualTo(new BsonInt32(8));
    assertThat(eval("{$hour: {date: '$date', timezone: '+04:30'}}", winter))
        .isEqualTo(new BsonInt32(16));
    assertThat(eval("{$minute: {date: '$date', timezone: '+0430'}}", winter))
        .isEqualTo(new BsonInt32(30));
    assertThat(eval("{$hour: {date: '$date', timezone: '-03'}}", winter))
        .isEqualTo(new BsonInt32(9));
    assertThat(eval("{$dayOfMonth: {date: '$date', timezone: 'Pacific/Kiritimati'}}", winter))
        .isEqualTo(new BsonInt32(16));
  }

  @Test
  void datesBefore1970KeepPositiveMilliseconds() {
    String doc = "{date: {$date: '1969-12-31T23:59:58.001Z'}}";
    assertThat(eval("{$millisecond: '$date'}", doc)).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$second: '$date'}", doc)).isEqualTo(new BsonInt32(58));
    assertThat(eval("{$year: '$date'}", doc)).isEqualTo(new BsonInt32(1969));
  }

  @Test
  void timestampsAndObjectIdsAreReadAsTheirSeconds() {
    assertThat(eval("{$year: '$t'}", "{t: {$timestamp: {t: 1500000000, i: 1}}}"))
        .isEqualTo(new BsonInt32(2017));
    assertThat(eval("{$minute: '$id'}", "{id: {$oid: '5a0c3d4e0000000000000000'}}"))
        .isEqualTo(new BsonInt32(12));
  }

  @Test
  void argumentFormsAreAnExpressionAOneElementArrayOrADocument() {
    String doc = "{d: {$date: '2020-05-06T07:08:09Z'}}";
    assertThat(eval("{$month: ['$d']}", doc)).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$month: {date: '$d'}}", doc)).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$month: {$dateAdd: {startDate: '$d', unit: 'month', amount: 1}}}", doc))
        .isEqualTo(new BsonInt32(6));
  }

  @Test
  void nullOrMissingDateOrTimezoneIsNull() {
    assertThat(eval("{$year: '$nope'}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$year: null}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$year: {date: {$date: '2020-01-01T00:00:00Z'}, timezone: '$nope'}}"))
        .isEqualTo(BsonNull.VALUE);
  }

  @Test
  void nonDatesAndBadArgumentsFailWithMongoDbsErrors() {
    assertFails(
        "{$year: '$s'}",
        "{s: 'abc'}",
        ErrorCode.LOCATION_16006,
        "can't convert from BSON type string to Date");
    assertFails(
        "{$hour: {}}",
        ErrorCode.LOCATION_40539,
        "missing 'date' argument to $hour, provided: $hour: {}");
    assertFails(
        "{$hour: {date: 1, zone: 'UTC'}}",
        ErrorCode.LOCATION_40535,
        "unrecognized option to $hour: \"zone\"");
    assertFails(
        "{$week: [1, 2]}",
        ErrorCode.LOCATION_40536,
        "$week accepts exactly one argument if given an array, but was given 2");
  }

  @Test
  void timezonesMustBeKnownStrings() {
    String doc = "{d: {$date: '2020-05-06T07:08:09Z'}}";
    assertFails(
        "{$hour: {date: '$d', timezone: 'Mars/Olympus'}}",
        doc,
        ErrorCode.LOCATION_40485,
        "unrecognized time zone identifier: \"Mars/Olympus\"");
    assertFails(
        "{$hour: {date: '$d', timezone: 5}}",
        doc,
        ErrorCode.LOCATION_40517,
        "timezone must evaluate to a string, found int");
    assertFails(
        "{$hour: {date: '$d', timezone: '+5'}}",
        doc,
        ErrorCode.LOCATION_40485,
        "unrecognized time zone identifier: \"+5\"");
    assertFails(
        "{$hour: {date: '$d', timezone: 'Z'}}",
        doc,
        ErrorCode.LOCATION_40485,
        "unrecognized time zone identifier: \"Z\"");
  }
}
