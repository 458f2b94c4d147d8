package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDateTime;
import org.bson.BsonValue;

/**
 * Dates as {@code $convert} writes and reads them: written as {@code %Y-%m-%dT%H:%M:%S.%LZ} in UTC
 * (years 0 to 9999, as MongoDB's formatter allows); read from ISO 8601 text ({@code 2018-03-20},
 * {@code 2018-03-20T10:00:00.5Z}, {@code 2018-03-20 10:00:00+05:30}), UTC unless an offset is
 * given, at most millisecond digits. MongoDB parses many more free-form texts with timelib; those
 * are refused (NotImplemented) rather than guessed, and so are invalid dates, whose timelib
 * messages are not reproduced.
 */
final class IsoDates {

  private static final Pattern ISO =
      Pattern.compile(
          "(\\d{4})-(\\d{2})-(\\d{2})"
              + "(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,3}))?)?)?"
              + "(?: ?(Z|[+-]\\d{2}(?::?\\d{2})?))?");

  private IsoDates() {}

  /** {@code millis} as MongoDB's default date text. */
  static String format(long millis) {
    ZonedDateTime time = Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC);
    int year = time.getYear();
    if (year < 0 || year > 9999) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_18537,
          "Could not convert date to string: date component was outside the supported range of"
              + " 0-9999: "
              + year);
    }
    return String.format(
        "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
        year,
        time.getMonthValue(),
        time.getDayOfMonth(),
        time.getHour(),
        time.getMinute(),
        time.getSecond(),
        time.getNano() / 1_000_000);
  }

  /** The date {@code text} names. */
  static BsonValue parse(String text) {
    Matcher matcher = ISO.matcher(text);
    if (!matcher.matches()) {
      throw refused(text);
    }
    try {
      LocalDateTime local =
          LocalDateTime.of(
              Integer.parseInt(matcher.group(1)),
              Integer.parseInt(matcher.group(2)),
              Integer.parseInt(matcher.group(3)),
              number(matcher.group(4)),
              number(matcher.group(5)),
              number(matcher.group(6)),
              nanos(matcher.group(7)));
      ZoneOffset offset = offset(matcher.group(8));
      return new BsonDateTime(local.toInstant(offset).toEpochMilli());
    } catch (DateTimeException invalid) {
      throw refused(text);
    }
  }

  private static int number(String digits) {
    return digits == null ? 0 : Integer.parseInt(digits);
  }

  private static int nanos(String fraction) {
    if (fraction == null) {
      return 0;
    }
    // At most three digits (longer fractions are refused): the date's precision.
    String millis = (fraction + "00").substring(0, 3);
    return Integer.parseInt(millis) * 1_000_000;
  }

  private static ZoneOffset offset(String zone) {
    if (zone == null || zone.equals("Z")) {
      return ZoneOffset.UTC;
    }
    String digits = zone.substring(1).replace(":", "");
    int hours = Integer.parseInt(digits.substring(0, 2));
    int minutes = digits.length() > 2 ? Integer.parseInt(digits.substring(2)) : 0;
    int sign = zone.charAt(0) == '-' ? -1 : 1;
    return ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
  }

  private static MongoLakeException refused(String text) {
    return new MongoLakeException(
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot convert '"
            + text
            + "' to a date: only ISO 8601 dates (YYYY-MM-DD, optionally with a time and a UTC"
            + " offset) are supported");
  }
}
