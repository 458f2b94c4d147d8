package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.Locale;

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
    for (int f = 0; f < format.length(); f++) {
      char c = format.charAt(f);
      if (c != '%') {
        literal(c);
        continue;
      }
      char specifier = format.charAt(++f);
      switch (specifier) {
        case '%' -> literal('%');
        case 'Y' -> fields.year = number(4, "A four digit year could not be found");
        case 'm' -> fields.month = number(2, "A two digit month could not be found");
        case 'd' -> fields.day = number(2, "A two digit day could not be found");
        case 'H' -> fields.hour = number(2, "A two digit hour could not be found");
        case 'M' -> fields.minute = number(2, "A two digit minute could not be found");
        case 'S' -> fields.second = number(2, "A two digit second could not be found");
        case 'L' ->
            fields.nanos = number(3, "A three digit millisecond could not be found") * 1_000_000;
        case 'j' -> fields.dayOfYear = number(3, "A three digit day-of-year could not be found");
        case 'G' -> fields.isoWeekYear = number(4, "A four digit ISO year could not be found");
        case 'V' -> fields.isoWeek = number(2, "A two digit ISO week could not be found");
        case 'u' ->
            fields.isoDayOfWeek = number(1, "A single digit day of week could not be found");
        case 'b' -> fields.month = month(TextStyle.SHORT);
        case 'B' -> fields.month = month(TextStyle.FULL);
        case 'z' -> zone();
        case 'Z' -> minutesOffset();
        default -> throw new IllegalStateException("format not validated: %" + specifier);
      }
    }
    if (position < text.length()) {
      throw fields.error(position, "Trailing data");
    }
  }

  private void literal(char expected) {
    if (position >= text.length()) {
      throw fields.error(position, "Data missing");
    }
    if (text.charAt(position) != expected) {
      throw fields.error(position, "The format separator does not match");
    }
    position++;
  }

  private int number(int width, String missing) {
    while (position < text.length() && !isDigit(text.charAt(position))) {
      position++;
    }
    int start = position;
    while (position < text.length() && position - start < width && isDigit(text.charAt(position))) {
      position++;
    }
    if (position == start) {
      throw fields.error(start, missing);
    }
    return Integer.parseInt(text.substring(start, position));
  }

  private int month(TextStyle style) {
    for (Month month : Month.values()) {
      String name = month.getDisplayName(style, Locale.ENGLISH);
      if (text.regionMatches(true, position, name, 0, name.length())) {
        position += name.length();
        return month.getValue();
      }
    }
    throw fields.error(position, "A textual month could not be found");
  }

  /** {@code Z} or an offset {@code ±HH}, {@code ±HHMM}, {@code ±HH:MM}. */
  private void zone() {
    if (position < text.length() && text.charAt(position) == 'Z') {
      position++;
      fields.zoneKind = DateStringFields.ZoneKind.ABBREVIATION;
      fields.abbreviation = "Z";
      return;
    }
    int start = position;
    if (position >= text.length()
        || (text.charAt(position) != '+' && text.charAt(position) != '-')) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "$dateFromString reads %z only as Z or a UTC offset (±HH, ±HHMM, ±HH:MM): '"
              + text
              + "'");
    }
    position++;
    int digits = digitsAt(position);
    if (digits == 2 && position + 2 < text.length() && text.charAt(position + 2) == ':') {
      if (digitsAt(position + 3) < 2) {
        throw fields.error(position, "The timezone could not be found in the database");
      }
      position += 5;
    } else if (digits == 2 || digits == 4) {
      position += digits;
    } else {
      throw fields.error(start, "The timezone could not be found in the database");
    }
    fields.zoneKind = DateStringFields.ZoneKind.OFFSET;
    fields.offsetSeconds = IsoDateStrings.offsetSeconds(text.substring(start, position));
  }

  /** {@code %Z}: the offset as signed minutes. */
  private void minutesOffset() {
    int start = position;
    int sign = 1;
    if (position < text.length()
        && (text.charAt(position) == '+' || text.charAt(position) == '-')) {
      sign = text.charAt(position) == '-' ? -1 : 1;
      position++;
    }
    int digits = digitsAt(position);
    if (digits == 0) {
      throw fields.error(start, "The timezone could not be found in the database");
    }
    int minutes = Integer.parseInt(text.substring(position, position + Math.min(digits, 4)));
    position += Math.min(digits, 4);
    fields.zoneKind = DateStringFields.ZoneKind.OFFSET;
    fields.offsetSeconds = sign * minutes * 60;
  }

  private int digitsAt(int from) {
    int end = from;
    while (end < text.length() && isDigit(text.charAt(end))) {
      end++;
    }
    return end - from;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
