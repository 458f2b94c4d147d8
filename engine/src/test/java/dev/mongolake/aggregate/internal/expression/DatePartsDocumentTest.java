package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.date;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class DatePartsDocumentTest {

  private static final String DOC = "{date: {$date: '2017-01-01T01:29:09.123Z'}}";

  @Test
  void dateToPartsGivesIntPartsInTheZoneAsTheManualShows() {
    assertThat(eval("{$dateToParts: {date: '$date'}}", DOC))
        .isEqualTo(
            value(
                "{year: 2017, month: 1, day: 1, hour: 1, minute: 29, second: 9,"
                    + " millisecond: 123}"));
    assertThat(eval("{$dateToParts: {date: '$date', iso8601: true}}", DOC))
        .isEqualTo(
            value(
                "{isoWeekYear: 2016, isoWeek: 52, isoDayOfWeek: 7, hour: 1, minute: 29,"
                    + " second: 9, millisecond: 123}"));
    assertThat(eval("{$dateToParts: {date: '$date', timezone: 'America/New_York'}}", DOC))
        .isEqualTo(
            value(
                "{year: 2016, month: 12, day: 31, hour: 20, minute: 29, second: 9,"
                    + " millisecond: 123}"));
  }

  @Test
  void dateToPartsOfNullIsNullAndIso8601MustBeABool() {
    assertThat(eval("{$dateToParts: {date: '$nope'}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$dateToParts: {date: '$date', iso8601: null}}", DOC))
        .isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$dateToParts: {date: '$date', iso8601: 1}}",
        DOC,
        ErrorCode.LOCATION_40521,
        "iso8601 must evaluate to a bool, found int");
    assertFails(
        "{$dateToParts: 1}",
        ErrorCode.LOCATION_40524,
        "$dateToParts only supports an object as its argument");
    assertFails(
        "{$dateToParts: {date: 1, x: 1}}",
        ErrorCode.LOCATION_40520,
        "Unrecognized argument to $dateToParts: x");
    assertFails(
        "{$dateToParts: {}}", ErrorCode.LOCATION_40522, "Missing 'date' parameter to $dateToParts");
  }

  @Test
  void dateFromPartsBuildsCalendarAndIsoDatesAsTheManualShows() {
    assertThat(eval("{$dateFromParts: {year: 2017, month: 2, day: 8, hour: 12}}"))
        .isEqualTo(date("2017-02-08T12:00:00Z"));
    assertThat(eval("{$dateFromParts: {isoWeekYear: 2017, isoWeek: 6, isoDayOfWeek: 3, hour: 12}}"))
        .isEqualTo(date("2017-02-08T12:00:00Z"));
    assertThat(
            eval(
                "{$dateFromParts: {year: 2016, month: 12, day: 31, hour: 23, minute: 46,"
                    + " second: 12, timezone: 'America/New_York'}}"))
        .isEqualTo(date("2017-01-01T04:46:12Z"));
    assertThat(eval("{$dateFromParts: {year: 2017}}")).isEqualTo(date("2017-01-01T00:00:00Z"));
  }

  @Test
  void dateFromPartsCarriesOutOfRangePartsOver() {
    assertThat(eval("{$dateFromParts: {year: 2017, month: 14, day: 1}}"))
        .isEqualTo(date("2018-02-01T00:00:00Z"));
    assertThat(eval("{$dateFromParts: {year: 2016, month: 1, day: 0}}"))
        .isEqualTo(date("2015-12-31T00:00:00Z"));
    assertThat(eval("{$dateFromParts: {year: 2017, month: 2, day: 31}}"))
        .isEqualTo(date("2017-03-03T00:00:00Z"));
    assertThat(eval("{$dateFromParts: {year: 2017, hour: -2, millisecond: 1500}}"))
        .isEqualTo(date("2016-12-31T22:00:01.500Z"));
    assertThat(eval("{$dateFromParts: {year: 2017, month: 0}}"))
        .isEqualTo(date("2016-12-01T00:00:00Z"));
  }

  @Test
  void dateFromPartsResolvesDaylightSavingGapsForwardAndOverlapsToTheEarlierOffset() {
    // 02:30 does not exist in New York on 2021-03-14; 01:30 happens twice on 2021-11-07.
    assertThat(
            eval(
                "{$dateFromParts: {year: 2021, month: 3, day: 14, hour: 2, minute: 30, timezone:"
                    + " 'America/New_York'}}"))
        .isEqualTo(date("2021-03-14T07:30:00Z"));
    assertThat(
            eval(
                "{$dateFromParts: {year: 2021, month: 11, day: 7, hour: 1, minute: 30, timezone:"
                    + " 'America/New_York'}}"))
        .isEqualTo(date("2021-11-07T05:30:00Z"));
    assertThat(
            eval(
                "{$dateFromParts: {year: 2021, month: 11, day: 7, hour: 2, minute: 30, timezone:"
                    + " 'America/New_York'}}"))
        .isEqualTo(date("2021-11-07T07:30:00Z"));
  }

  @Test
  void dateFromPartsOfANullPartIsNull() {
    assertThat(eval("{$dateFromParts: {year: 2017, month: '$nope'}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$dateFromParts: {year: 2017, timezone: null}}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void dateFromPartsRefusesWhatMongoDbRefuses() {
    assertFails(
        "{$dateFromParts: 1}",
        ErrorCode.LOCATION_40519,
        "$dateFromParts only supports an object as its argument");
    assertFails(
        "{$dateFromParts: {year: 2017, foo: 1}}",
        ErrorCode.LOCATION_40518,
        "Unrecognized argument to $dateFromParts: foo");
    assertFails(
        "{$dateFromParts: {month: 1}}",
        ErrorCode.LOCATION_40516,
        "$dateFromParts requires either 'year' or 'isoWeekYear' to be present");
    assertFails(
        "{$dateFromParts: {year: 2017, isoWeek: 1}}",
        ErrorCode.LOCATION_40489,
        "$dateFromParts does not allow mixing natural dates with ISO dates");
    assertFails(
        "{$dateFromParts: {isoWeekYear: 2017, month: 1}}",
        ErrorCode.LOCATION_40525,
        "$dateFromParts does not allow mixing ISO dates with natural dates");
    assertFails(
        "{$dateFromParts: {year: 2017, month: 1.5}}",
        ErrorCode.LOCATION_40515,
        "'month' must evaluate to an integer, found double with value 1.5");
    assertFails(
        "{$dateFromParts: {year: 2017, second: 2.5e20}}",
        ErrorCode.LOCATION_40515,
        "'second' must evaluate to an integer, found double with value 2.5e+20");
    assertFails(
        "{$dateFromParts: {year: '2017'}}",
        ErrorCode.LOCATION_40515,
        "'year' must evaluate to an integer, found string with value \"2017\"");
    assertFails(
        "{$dateFromParts: {year: 10000}}",
        ErrorCode.LOCATION_40523,
        "'year' must evaluate to an integer in the range 1 to 9999, found 10000");
    assertFails(
        "{$dateFromParts: {isoWeekYear: 0}}",
        ErrorCode.LOCATION_31095,
        "'isoWeekYear' must evaluate to an integer in the range 1 to 9999, found 0");
    assertFails(
        "{$dateFromParts: {year: 2017, day: 40000}}",
        ErrorCode.LOCATION_31034,
        "'day' must evaluate to a value in the range [-32768, 32767]; value 40000 is not in range");
  }

  @Test
  void argumentNamesAreCheckedBeforeTheArgumentsExpressions() {
    assertFails(
        "{$dateFromParts: {year: {$noSuchOperator: 1}, foo: 1}}",
        ErrorCode.LOCATION_40518,
        "Unrecognized argument to $dateFromParts: foo");
    assertFails(
        "{$dateFromParts: {year: {$noSuchOperator: 1}, isoWeek: 1}}",
        ErrorCode.LOCATION_40489,
        "$dateFromParts does not allow mixing natural dates with ISO dates");
  }

  @Test
  void dateFromPartsAcceptsWholeDoublesAndLongs() {
    assertThat(eval("{$dateFromParts: {year: 2017.0, month: {$numberLong: '3'}}}"))
        .isEqualTo(date("2017-03-01T00:00:00Z"));
  }
}
