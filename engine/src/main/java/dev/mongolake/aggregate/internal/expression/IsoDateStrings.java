package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The date strings {@code $dateFromString} reads without a {@code format}: ISO 8601 dates {@code
 * YYYY-MM-DD}, optionally with a time {@code THH:MM[:SS[.fraction]]} (or a space for {@code T}) and
 * a zone {@code Z}, {@code ±HH}, {@code ±HHMM} or {@code ±HH:MM}.
 *
 * <p>MongoDB's parser also reads free-form strings ({@code "July 4th, 2017"}, relative words, named
 * zones); rather than guess at them, MongoLake refuses those with NotImplemented, which {@code
 * onError} does not catch, so no fallback value stands in for a date MongoDB would find.
 */
final class IsoDateStrings {

  private static final Pattern ISO =
      Pattern.compile(
          "(\\d{4})-(\\d{1,2})-(\\d{1,2})"
              + "(?:[T ](\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d+))?)?)?"
              + " ?(Z|[+-]\\d{2}(?::?\\d{2})?)?");

  /** A year of five or more digits: MongoDB's parser fails on it (the manual's onError example). */
  private static final Pattern LONG_YEAR = Pattern.compile("\\d{5,}-.*");

  private IsoDateStrings() {}

  /**
   * The fields of an ISO 8601 string.
   *
   * @throws MongoLakeException ConversionFailure for a string MongoDB fails on too, NotImplemented
   *     for a free-form string MongoLake does not read
   */
  static DateStringFields parse(String text) {
    Matcher match = ISO.matcher(text);
    if (!match.matches()) {
      if (LONG_YEAR.matcher(text).matches()) {
        throw new DateStringFields(text).error(4, "Unexpected data found.");
      }
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "$dateFromString without a 'format' reads only ISO 8601 date strings"
              + " (YYYY-MM-DD[THH:MM[:SS[.fff]]][Z|±HH:MM]); give a 'format' to parse '"
              + text
              + "'");
    }
    DateStringFields fields = new DateStringFields(text);
    fields.year = Integer.parseInt(match.group(1));
    fields.month = Integer.parseInt(match.group(2));
    fields.day = Integer.parseInt(match.group(3));
    if (match.group(4) != null) {
      fields.hour = Integer.parseInt(match.group(4));
      fields.minute = Integer.parseInt(match.group(5));
      fields.second = match.group(6) == null ? 0 : Integer.parseInt(match.group(6));
      if (match.group(7) != null) {
        // Microseconds are kept, as MongoDB's parser does; the date keeps whole milliseconds.
        String fraction = (match.group(7) + "000000").substring(0, 6);
        fields.nanos = Integer.parseInt(fraction) * 1000;
      }
    }
    String zone = match.group(8);
    if (zone != null) {
      if (zone.equals("Z")) {
        fields.zoneKind = DateStringFields.ZoneKind.ABBREVIATION;
        fields.abbreviation = "Z";
      } else {
        fields.zoneKind = DateStringFields.ZoneKind.OFFSET;
        fields.offsetSeconds = offsetSeconds(zone);
      }
    }
    return fields;
  }

  /** Seconds of {@code ±HH}, {@code ±HHMM} or {@code ±HH:MM}. */
  static int offsetSeconds(String zone) {
    int sign = zone.charAt(0) == '-' ? -1 : 1;
    String digits = zone.substring(1).replace(":", "");
    int hours = Integer.parseInt(digits.substring(0, 2));
    int minutes = digits.length() > 2 ? Integer.parseInt(digits.substring(2)) : 0;
    return sign * (hours * 3600 + minutes * 60);
  }
}
