package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.date;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class DateFromStringTest {

  private static BsonValue parse(String spec) {
    return eval("{$dateFromString: {" + spec + "}}");
  }

  @Test
  void isoStringsParseInUtcOrTheGivenZoneAsTheManualShows() {
    assertThat(parse("dateString: '2017-02-08T12:10:40.787', timezone: 'America/New_York'"))
        .isEqualTo(date("2017-02-08T17:10:40.787Z"));
    assertThat(parse("dateString: '2017-02-08'")).isEqualTo(date("2017-02-08T00:00:00Z"));
    assertThat(parse("dateString: '2017-02-08T12:10:40Z'")).isEqualTo(date("2017-02-08T12:10:40Z"));
    assertThat(parse("dateString: '2017-02-08 12:10:40.5+05:30'"))
        .isEqualTo(date("2017-02-08T06:40:40.500Z"));
    assertThat(parse("dateString: '2017-02-08T12:10-0200'"))
        .isEqualTo(date("2017-02-08T14:10:00Z"));
    assertThat(parse("dateString: '2017-02-08T12:10:40.7879'"))
        .isEqualTo(date("2017-02-08T12:10:40.787Z"));
    assertThat(parse("dateString: '2017-02-08T12:10:40', timezone: '+01'"))
        .isEqualTo(date("2017-02-08T11:10:40Z"));
  }

  @Test
  void formatsReadTheirSpecifiers() {
    assertThat(parse("dateString: '15-06-2018', format: '%d-%m-%Y'"))
        .isEqualTo(date("2018-06-15T00:00:00Z"));
    assertThat(parse("dateString: '06/15/2018 13:05:07.012', format: '%m/%d/%Y %H:%M:%S.%L'"))
        .isEqualTo(date("2018-06-15T13:05:07.012Z"));
    assertThat(parse("dateString: '15 June 2018 +0200', format: '%d %B %Y %z'"))
        .isEqualTo(date("2018-06-14T22:00:00Z"));
    assertThat(parse("dateString: 'jun 15 2018 -120', format: '%b %d %Y %Z'"))
        .isEqualTo(date("2018-06-15T02:00:00Z"));
    assertThat(parse("dateString: '2018-166', format: '%Y-%j'"))
        .isEqualTo(date("2018-06-15T00:00:00Z"));
    assertThat(parse("dateString: '2018-W24-5', format: '%G-W%V-%u'"))
        .isEqualTo(date("2018-06-15T00:00:00Z"));
    assertThat(parse("dateString: '2018-06-15 7%', format: '%Y-%m-%d %H%%'"))
        .isEqualTo(date("2018-06-15T07:00:00Z"));
  }

  @Test
  void formatsReadAsMongoDbsParserDoes() {
    // %L scales the digits it reads; %b reads full names too; offsets may omit digits.
    assertThat(parse("dateString: '2018-06-15 10:00:00.5', format: '%Y-%m-%d %H:%M:%S.%L'"))
        .isEqualTo(date("2018-06-15T10:00:00.500Z"));
    assertThat(parse("dateString: '15 June 2018', format: '%d %b %Y'"))
        .isEqualTo(date("2018-06-15T00:00:00Z"));
    assertThat(parse("dateString: '15-VI-2018', format: '%d-%B-%Y'"))
        .isEqualTo(date("2018-06-15T00:00:00Z"));
    assertThat(parse("dateString: '2018-06-15 +5', format: '%Y-%m-%d %z'"))
        .isEqualTo(date("2018-06-14T19:00:00Z"));
    assertThat(parse("dateString: '2018-06-15T10', format: '%Y-%m-%dT%H'"))
        .isEqualTo(date("2018-06-15T10:00:00Z"));
  }

  @Test
  void formatMismatchesFailWithConversionFailure() {
    assertFails(
        "{$dateFromString: {dateString: '2018-06', format: '%Y-%m-%d'}}",
        ErrorCode.CONVERSION_FAILURE, "Error parsing date string '2018-06'; 7: Data missing ''");
    assertFails(
        "{$dateFromString: {dateString: '2018-x6-15', format: '%Y-%m-%d'}}",
        ErrorCode.CONVERSION_FAILURE,
        "Error parsing date string '2018-x6-15'; 5: Unexpected data found. 'x'");
    assertFails(
        "{$dateFromString: {dateString: '2018/06/15', format: '%Y-%m-%d'}}",
        ErrorCode.CONVERSION_FAILURE,
        "Error parsing date string '2018/06/15'; 4: The format separator does not match '/'");
  }

  @Test
  void nullStringAnswersOnNullAndBadStringsAnswerOnError() {
    assertThat(parse("dateString: null")).isEqualTo(BsonNull.VALUE);
    assertThat(parse("dateString: '$nope', onNull: 'none'")).isEqualTo(new BsonString("none"));
    assertThat(parse("dateString: '20177-02-09T03:35:02.055', onError: 'bad'"))
        .isEqualTo(new BsonString("bad"));
    assertThat(parse("dateString: 5, onError: 'bad'")).isEqualTo(new BsonString("bad"));
    assertThat(parse("dateString: '2017-02-30', onError: 'bad'")).isEqualTo(new BsonString("bad"));
    assertThat(parse("dateString: '2017-02-08', timezone: null")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void unreadableStringsFailWithConversionFailure() {
    assertFails(
        "{$dateFromString: {dateString: 5}}",
        ErrorCode.CONVERSION_FAILURE,
        "$dateFromString requires that 'dateString' be a string, found: int with value 5");
    assertFails(
        "{$dateFromString: {dateString: '2017-07-04T11:56:02Z', timezone: 'America/New_York'}}",
        ErrorCode.CONVERSION_FAILURE,
        "you cannot pass in a date/time string with time zone information ('Z') together with a"
            + " timezone argument");
    assertFails(
        "{$dateFromString: {dateString: '2017-07-04T11:56:02+01:00', timezone: 'Europe/Paris'}}",
        ErrorCode.CONVERSION_FAILURE,
        "you cannot pass in a date/time string with GMT offset together with a timezone argument");
    assertFails(
        "{$dateFromString: {dateString: '06/2018', format: '%m/%Y'}}",
        ErrorCode.CONVERSION_FAILURE,
        "an incomplete date/time string has been found, with elements missing: \"06/2018\"");
    assertFails(
        "{$dateFromString: {dateString: '2018-06-15x', format: '%Y-%m-%d'}}",
        ErrorCode.CONVERSION_FAILURE,
        "Error parsing date string '2018-06-15x'; 10: Trailing data 'x'");
  }

  @Test
  void freeFormStringsWithoutAFormatAreRefusedNotGuessed() {
    assertFails(
        "{$dateFromString: {dateString: 'July 4th, 2017', onError: 'bad'}}",
        ErrorCode.NOT_IMPLEMENTED,
        "$dateFromString without a 'format' reads only ISO 8601 date strings"
            + " (YYYY-MM-DD[THH:MM[:SS[.fff]]][Z|±HH:MM]); give a 'format' to parse 'July 4th,"
            + " 2017'");
  }

  @Test
  void badSpecsFailWithMongoDbsErrors() {
    assertFails(
        "{$dateFromString: 'x'}",
        ErrorCode.LOCATION_40540,
        "$dateFromString only supports an object as an argument, found: string");
    assertFails(
        "{$dateFromString: {dateString: 'x', at: 1}}",
        ErrorCode.LOCATION_40541,
        "Unrecognized argument to $dateFromString: at");
    assertFails(
        "{$dateFromString: {format: '%Y'}}",
        ErrorCode.LOCATION_40542, "Missing 'dateString' parameter to $dateFromString");
    assertFails(
        "{$dateFromString: {dateString: null, format: 7}}",
        ErrorCode.LOCATION_40684,
        "$dateFromString requires that 'format' be a string, found: int with value 7");
    assertFails(
        "{$dateFromString: {dateString: null, format: '%w'}}",
        ErrorCode.LOCATION_18536, "Invalid format character '%w' in format string");
  }
}
