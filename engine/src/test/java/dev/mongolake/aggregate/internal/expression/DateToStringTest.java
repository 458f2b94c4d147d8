package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.assertFails;
import static dev.mongolake.aggregate.internal.expression.DateExpressionFixture.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

class DateToStringTest {

  private static final String DOC = "{date: {$date: '2014-01-01T08:15:39.736Z'}}";

  private static String format(String format, String timezone) {
    String tz = timezone == null ? "" : ", timezone: '" + timezone + "'";
    return eval("{$dateToString: {date: '$date', format: '" + format + "'" + tz + "}}", DOC)
        .asString()
        .getValue();
  }

  @Test
  void manualExamplesFormatInTheirZones() {
    assertThat(format("%Y-%m-%d", null)).isEqualTo("2014-01-01");
    assertThat(format("%H:%M:%S:%L%z", "America/New_York")).isEqualTo("03:15:39:736-0500");
    assertThat(format("%H:%M:%S:%L%z", "+04:30")).isEqualTo("12:45:39:736+0430");
    assertThat(format("%Z", "America/New_York")).isEqualTo("-300");
    assertThat(format("%Z", "+04:30")).isEqualTo("270");
    assertThat(format("%b", "+04:30")).isEqualTo("Jan");
    assertThat(format("%B", "+04:30")).isEqualTo("January");
  }

  @Test
  void everyDocumentedSpecifierIsPadded() {
    assertThat(format("%j %w %u %U %V %G %%", null)).isEqualTo("001 4 3 00 01 2014 %");
    assertThat(eval("{$dateToString: {date: {$date: '0099-03-04T05:06:07.008Z'}}}"))
        .isEqualTo(new BsonString("0099-03-04T05:06:07.008Z"));
  }

  @Test
  void defaultFormatEndsInZOnlyInUtc() {
    assertThat(eval("{$dateToString: {date: '$date'}}", DOC))
        .isEqualTo(new BsonString("2014-01-01T08:15:39.736Z"));
    assertThat(eval("{$dateToString: {date: '$date', timezone: 'UTC'}}", DOC))
        .isEqualTo(new BsonString("2014-01-01T08:15:39.736Z"));
    assertThat(eval("{$dateToString: {date: '$date', timezone: 'Europe/Paris'}}", DOC))
        .isEqualTo(new BsonString("2014-01-01T09:15:39.736"));
  }

  @Test
  void offsetFollowsDaylightSavingInTheZone() {
    assertThat(
            eval(
                "{$dateToString: {date: {$date: '2021-07-01T12:00:00Z'}, format: '%H %z',"
                    + " timezone: 'America/New_York'}}"))
        .isEqualTo(new BsonString("08 -0400"));
  }

  @Test
  void nullDateAnswersOnNullAndMissingOnNullIsMissing() {
    assertThat(eval("{$dateToString: {date: '$nope'}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$dateToString: {date: null, onNull: 'none'}}"))
        .isEqualTo(new BsonString("none"));
    assertThat(eval("{$dateToString: {date: '$nope', onNull: '$alsoNope'}}")).isNull();
    assertThat(eval("{$dateToString: {date: '$date', format: null}}", DOC))
        .isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$dateToString: {date: '$date', timezone: null}}", DOC))
        .isEqualTo(BsonNull.VALUE);
  }

  @Test
  void formatIsCheckedEvenForANullDate() {
    assertFails(
        "{$dateToString: {date: null, format: 1}}",
        ErrorCode.LOCATION_18533,
        "$dateToString requires that 'format' be a string, found: int with value 1");
    assertFails(
        "{$dateToString: {date: null, format: '%Y%'}}",
        ErrorCode.LOCATION_18535, "Unmatched '%' at end of format string");
    assertFails(
        "{$dateToString: {date: null, format: '%q'}}",
        ErrorCode.LOCATION_18536, "Invalid format character '%q' in format string");
    assertFails(
        "{$dateToString: {date: null, timezone: 'nowhere'}}",
        ErrorCode.LOCATION_40485,
        "unrecognized time zone identifier: \"nowhere\"");
  }

  @Test
  void badSpecsAndValuesFail() {
    assertFails(
        "{$dateToString: 1}",
        ErrorCode.LOCATION_18629,
        "$dateToString only supports an object as its argument");
    assertFails(
        "{$dateToString: {date: 1, foo: 1}}",
        ErrorCode.LOCATION_18534,
        "Unrecognized argument to $dateToString: foo");
    assertFails(
        "{$dateToString: {format: '%Y'}}",
        ErrorCode.LOCATION_18628, "Missing 'date' parameter to $dateToString");
    assertFails(
        "{$dateToString: {date: 'foo'}}",
        ErrorCode.LOCATION_16006,
        "can't convert from BSON type string to Date");
    assertFails(
        "{$dateToString: {date: {$date: '+10000-01-01T00:00:00Z'}}}",
        ErrorCode.LOCATION_18537,
        "Could not convert date to string: date component was outside the supported range of"
            + " 0-9999: 10000");
  }
}
