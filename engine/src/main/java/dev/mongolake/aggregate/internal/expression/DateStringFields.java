package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * What a date string said, field by field, before it becomes a date: {@code $dateFromString}'s
 * parsers fill it, {@link #toMillis} applies MongoDB's rules (a missing time is midnight, a missing
 * date is an error, a zone in the string excludes a {@code timezone} argument).
 */
final class DateStringFields {

  /** How the string named its zone. */
  enum ZoneKind {
    NONE,
    /** A UTC offset such as {@code +05:30}. */
    OFFSET,
    /** An abbreviation; {@code Z} is the only one MongoLake reads. */
    ABBREVIATION
  }

  final String text;
  Integer year;
  Integer month;
  Integer day;
  Integer dayOfYear;
  Integer isoWeekYear;
  Integer isoWeek;
  Integer isoDayOfWeek;
  Integer hour;
  Integer minute;
  Integer second;
  int nanos;
  ZoneKind zoneKind = ZoneKind.NONE;
  int offsetSeconds;
  String abbreviation;

  DateStringFields(String text) {
    this.text = text;
  }

  /** A ConversionFailure naming the string, as MongoDB words a parse error. */
  MongoLakeException error(int position, String message) {
    String character = position < text.length() ? String.valueOf(text.charAt(position)) : "";
    return new MongoLakeException(
        ErrorCode.CONVERSION_FAILURE,
        "Error parsing date string '"
            + text
            + "'; "
            + position
            + ": "
            + message
            + " '"
            + character
            + "'");
  }

  /**
   * The instant the fields name, in {@code zone} when the string has no zone of its own.
   *
   * @throws MongoLakeException ConversionFailure for an incomplete or invalid date, or a string
   *     with a zone given together with a {@code timezone} argument
   */
  long toMillis(DateZone zone) {
    // A time with some parts given has the others at zero; no time at all is midnight.
    hour = hour == null ? 0 : hour;
    minute = minute == null ? 0 : minute;
    second = second == null ? 0 : second;
    LocalDate date = date();
    if (date == null) {
      throw new MongoLakeException(
          ErrorCode.CONVERSION_FAILURE,
          "an incomplete date/time string has been found, with elements missing: \"" + text + "\"");
    }
    if (hour > 23 || minute > 59 || second > 59) {
      throw error(text.length(), "The parsed time was invalid");
    }
    if (!zone.utc()) {
      if (zoneKind == ZoneKind.OFFSET) {
        throw new MongoLakeException(
            ErrorCode.CONVERSION_FAILURE,
            "you cannot pass in a date/time string with GMT offset together with a timezone"
                + " argument");
      }
      if (zoneKind == ZoneKind.ABBREVIATION) {
        throw new MongoLakeException(
            ErrorCode.CONVERSION_FAILURE,
            "you cannot pass in a date/time string with time zone information ('"
                + abbreviation
                + "') together with a timezone argument");
      }
    }
    LocalDateTime local = date.atTime(hour, minute, second, nanos);
    return switch (zoneKind) {
      case NONE -> zone.toMillis(local);
      // Offsets are applied by arithmetic: MongoDB reads offsets past Java's ±18:00.
      case OFFSET -> utcMillis(local) - offsetSeconds * 1000L;
      case ABBREVIATION -> utcMillis(local);
    };
  }

  private static long utcMillis(LocalDateTime local) {
    return local.toEpochSecond(ZoneOffset.UTC) * 1000L + local.getNano() / 1_000_000;
  }

  private LocalDate date() {
    try {
      if (isoWeekYear != null || isoWeek != null || isoDayOfWeek != null) {
        if (isoWeekYear == null) {
          return null;
        }
        return CalendarFields.fromIsoWeekDate(
            isoWeekYear, isoWeek == null ? 1 : isoWeek, isoDayOfWeek == null ? 1 : isoDayOfWeek);
      }
      if (year != null && dayOfYear != null && month == null && day == null) {
        return LocalDate.ofYearDay(year, dayOfYear);
      }
      if (year == null || month == null || day == null) {
        return null;
      }
      return LocalDate.of(year, month, day);
    } catch (DateTimeException invalid) {
      throw error(text.length(), "The parsed date was invalid");
    }
  }
}
