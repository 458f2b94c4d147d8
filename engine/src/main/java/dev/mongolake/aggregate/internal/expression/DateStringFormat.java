package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;

/**
 * Reads a date string by a {@code $dateFromString} format: {@code %Y %m %d %H %M %S %L %j %G %V %u
 * %b %B %z %Z %%}; other format characters must appear as they are. Like MongoDB's parser, a number
 * specifier skips any non-digits before its digits and reads at most its width.
 */
final class DateStringFormat {

  /** The specifiers a {@code $dateFromString} format may use. */
  static final String SPECIFIERS = "bBdGHjLmMSuVYzZ";

  private final String format;
  private final String text;
  private final DateStringFields fields;
  private int position;

  private DateStringFormat(String format, String text) {
    this.format = format;
    this.text = text;
    this.fields = new DateStringFields(text);
  }

  /**
   * The fields of {@code text} read by a validated {@code format}.
   *
   * @throws MongoLakeException ConversionFailure when the string does not match
   */
  static DateStringFields parse(String format, String text) {
    DateStringFormat parser = new DateStringFormat(format, text);
    parser.run();
    return parser.fields;
  }

  private void run() {
    int f = 0;
    // As MongoDB's parser, stop at the end of either the format or the string.
    while (f < format.length() && position < text.length()) {
      char c = format.charAt(f++);
      if (c != '%') {
        literal(c);
        continue;
      }
      char specifier = format.charAt(f++);
      switch (specifier) {
        case '%' -> literal('%');
        case 'Y' -> fields.year = number(4, "A four digit year could not be found");
        case 'm' -> fields.month = number(2, "A two digit month could not be found");
        case 'd' -> fields.day = number(2, "A two digit day could not be found");
        case 'H' -> fields.hour = number(2, "A two digit hour could not be found");
        case 'M' -> fields.minute = number(2, "A two digit minute could not be found");
        case 'S' -> fields.second = number(2, "A two digit second could not be found");
        case 'L' -> milliseconds();
        case 'j' -> fields.dayOfYear = number(3, "A three digit day-of-year could not be found");
        case 'G' -> fields.isoWeekYear = number(4, "A four digit ISO year could not be found");
        case 'V' -> fields.isoWeek = number(2, "A two digit ISO week could not be found");
        case 'u' ->
            fields.isoDayOfWeek = number(1, "A single digit day of week could not be found");
        case 'b', 'B' -> fields.month = month();
        case 'z' -> zone();
        case 'Z' -> minutesOffset();
        default -> throw new IllegalStateException("format not validated: %" + specifier);
      }
    }
    if (position < text.length()) {
      throw fields.error(position, "Trailing data");
    }
    if (f < format.length()) {
      throw fields.error(position, "Data missing");
    }
  }

  private void literal(char expected) {
    if (text.charAt(position) != expected) {
      throw fields.error(position, "The format separator does not match");
    }
    position++;
  }

  /** Up to {@code width} digits, which must start here. */
  private int number(int width, String missing) {
    int start = position;
    if (!isDigit(text.charAt(position))) {
      throw fields.error(start, "Unexpected data found.");
    }
    while (position < text.length() && position - start < width && isDigit(text.charAt(position))) {
      position++;
    }
    if (position == start) {
      throw fields.error(start, missing);
    }
    return Integer.parseInt(text.substring(start, position));
  }

  /** {@code %L}: one to three digits of a second, so {@code 5} is 500 milliseconds. */
  private void milliseconds() {
    int start = position;
    int value = number(3, "A three digit millisecond could not be found");
    int digits = position - start;
    fields.nanos = value * (int) Math.pow(10, 3 - digits) * 1_000_000;
  }

  /**
   * {@code %b} or {@code %B}: a month's name, abbreviation or Roman numeral in any case, after any
   * spaces, tabs, dashes, dots or slashes (both specifiers read all of them, as MongoDB's do).
   */
  private int month() {
    int start = position;
    while (position < text.length() && " \t-./".indexOf(text.charAt(position)) >= 0) {
      position++;
    }
    int wordStart = position;
    while (position < text.length() && Character.isLetter(text.charAt(position))) {
      position++;
    }
    Integer month = MonthNames.lookup(text.substring(wordStart, position));
    if (month == null) {
      throw fields.error(start, "A textual month could not be found");
    }
    return month;
  }

  /** {@code %z}: {@code Z} or a UTC offset of one to four digits, with or without a colon. */
  private void zone() {
    int start = position;
    while (position < text.length()
        && (text.charAt(position) == ' ' || text.charAt(position) == '(')) {
      position++;
    }
    if (position < text.length() && text.charAt(position) == 'Z') {
      position++;
      fields.zoneKind = DateStringFields.ZoneKind.ABBREVIATION;
      fields.abbreviation = "Z";
      return;
    }
    if (position >= text.length()
        || (text.charAt(position) != '+' && text.charAt(position) != '-')) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "$dateFromString reads %z only as Z or a UTC offset (±HH, ±HHMM, ±HH:MM), not a zone"
              + " name or abbreviation: '"
              + text
              + "'");
    }
    int sign = text.charAt(position) == '-' ? -1 : 1;
    position++;
    int from = position;
    while (position < text.length()
        && (isDigit(text.charAt(position)) || text.charAt(position) == ':')) {
      position++;
    }
    Integer seconds = offsetSeconds(text.substring(from, position));
    if (seconds == null) {
      throw fields.error(start, "The timezone could not be found in the database");
    }
    fields.zoneKind = DateStringFields.ZoneKind.OFFSET;
    fields.offsetSeconds = sign * seconds;
  }

  /**
   * {@code H}, {@code HH}, {@code H:MM}, {@code HH:M}, {@code HHMM} or {@code HH:MM} in seconds.
   */
  private static Integer offsetSeconds(String digits) {
    try {
      return switch (digits.length()) {
        case 1, 2 -> Integer.parseInt(digits) * 3600;
        case 3, 4 -> {
          int colon = digits.indexOf(':');
          if (colon == 1 || colon == 2) {
            yield Integer.parseInt(digits.substring(0, colon)) * 3600
                + Integer.parseInt(digits.substring(colon + 1)) * 60;
          }
          int value = Integer.parseInt(digits);
          yield value / 100 * 3600 + value % 100 * 60;
        }
        case 5 ->
            digits.charAt(2) == ':'
                ? Integer.parseInt(digits.substring(0, 2)) * 3600
                    + Integer.parseInt(digits.substring(3)) * 60
                : null;
        default -> null;
      };
    } catch (NumberFormatException malformed) {
      return null;
    }
  }

  /** {@code %Z}: the offset as signed minutes. */
  private void minutesOffset() {
    int start = position;
    char sign = text.charAt(position);
    if (sign != '+' && sign != '-') {
      throw fields.error(start, "Invalid timezone offset in minutes");
    }
    position++;
    int from = position;
    while (position < text.length() && position - from < 4 && isDigit(text.charAt(position))) {
      position++;
    }
    if (position == from) {
      throw fields.error(start, "Invalid timezone offset in minutes");
    }
    int minutes = Integer.parseInt(text.substring(from, position));
    fields.zoneKind = DateStringFields.ZoneKind.OFFSET;
    fields.offsetSeconds = (sign == '-' ? -1 : 1) * minutes * 60;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
