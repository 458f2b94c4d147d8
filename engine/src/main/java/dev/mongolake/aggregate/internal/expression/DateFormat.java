package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * MongoDB's {@code %}-format of {@code $dateToString}: {@code %Y %m %d %H %M %S %L %j %w %u %U %V
 * %G %b %B %z %Z %%}; any other character is copied.
 */
final class DateFormat {

  /** The format {@code $dateToString} uses without one, in UTC. */
  static final String ISO_UTC = "%Y-%m-%dT%H:%M:%S.%LZ";

  /** The format {@code $dateToString} uses without one, in another zone. */
  static final String ISO_LOCAL = "%Y-%m-%dT%H:%M:%S.%L";

  private static final String TO_STRING_SPECIFIERS = "bBdGHjLmMSwuUVYzZ";

  private DateFormat() {}

  /**
   * Checks that every {@code %} is followed by a specifier of {@code $dateToString}.
   *
   * @throws MongoLakeException 18535 for a {@code %} at the end, 18536 for an unknown specifier
   */
  static void validateToString(String format) {
    validate(format, TO_STRING_SPECIFIERS);
  }

  /** As {@link #validateToString}, for the specifiers {@code $dateFromString} reads. */
  static void validate(String format, String specifiers) {
    for (int i = 0; i < format.length(); i++) {
      if (format.charAt(i) != '%') {
        continue;
      }
      i++;
      if (i == format.length()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_18535, "Unmatched '%' at end of format string");
      }
      char specifier = format.charAt(i);
      if (specifier != '%' && specifiers.indexOf(specifier) < 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_18536,
            "Invalid format character '%" + specifier + "' in format string");
      }
    }
  }

  /**
   * {@code millis} in {@code zone} written with a validated {@code format}.
   *
   * @throws MongoLakeException 18537 when a part to print is outside 0-9999 (a year before 1 or
   *     after 9999)
   */
  static String format(String format, long millis, DateZone zone) {
    LocalDateTime local = zone.local(millis);
    LocalDate date = local.toLocalDate();
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < format.length(); i++) {
      char c = format.charAt(i);
      if (c != '%') {
        out.append(c);
        continue;
      }
      char specifier = format.charAt(++i);
      switch (specifier) {
        case '%' -> out.append('%');
        case 'Y' -> padded(out, local.getYear(), 4);
        case 'm' -> padded(out, local.getMonthValue(), 2);
        case 'd' -> padded(out, local.getDayOfMonth(), 2);
        case 'H' -> padded(out, local.getHour(), 2);
        case 'M' -> padded(out, local.getMinute(), 2);
        case 'S' -> padded(out, local.getSecond(), 2);
        case 'L' -> padded(out, CalendarFields.millisecond(millis), 3);
        case 'j' -> padded(out, local.getDayOfYear(), 3);
        case 'w' -> padded(out, CalendarFields.dayOfWeek(date), 1);
        case 'U' -> padded(out, CalendarFields.week(date), 2);
        case 'G' -> padded(out, CalendarFields.isoWeekYear(date), 4);
        case 'V' -> padded(out, CalendarFields.isoWeek(date), 2);
        case 'u' -> padded(out, CalendarFields.isoDayOfWeek(date), 1);
        case 'b' -> out.append(local.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH));
        case 'B' -> out.append(local.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
        case 'z' -> {
          int offset = zone.offsetSeconds(millis);
          out.append(offset < 0 ? '-' : '+');
          padded(out, Math.abs(offset) / 3600, 2);
          padded(out, Math.abs(offset) / 60 % 60, 2);
        }
        case 'Z' -> out.append(zone.offsetSeconds(millis) / 60);
        default -> throw new IllegalStateException("format not validated: %" + specifier);
      }
    }
    return out.toString();
  }

  private static void padded(StringBuilder out, int number, int width) {
    if (number < 0 || number > 9999) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_18537,
          "Could not convert date to string: date component was outside the supported range of"
              + " 0-9999: "
              + number);
    }
    String digits = Integer.toString(number);
    out.repeat('0', Math.max(0, width - digits.length())).append(digits);
  }
}
