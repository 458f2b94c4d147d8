package dev.mongolake.aggregate.internal.expression;

import java.time.LocalDate;
import java.time.temporal.IsoFields;

/**
 * The calendar arithmetic MongoDB's date operators share: its week numbers and day-of-week
 * conventions, on a wall-clock time already in the operator's zone.
 */
final class CalendarFields {

  private CalendarFields() {}

  /** Day of the week, 1 (Sunday) to 7 (Saturday), as {@code $dayOfWeek} and {@code %w}. */
  static int dayOfWeek(LocalDate date) {
    return date.getDayOfWeek().getValue() % 7 + 1;
  }

  /**
   * Week of the year, 0 to 53, as {@code $week} and {@code %U}: weeks begin on Sunday and the days
   * before the year's first Sunday are in week 0.
   */
  static int week(LocalDate date) {
    int previousSunday = date.getDayOfYear() - dayOfWeek(date);
    return (previousSunday + 7) / 7;
  }

  /** The ISO 8601 week-numbering year. */
  static int isoWeekYear(LocalDate date) {
    return date.get(IsoFields.WEEK_BASED_YEAR);
  }

  /** The ISO 8601 week, 1 to 53. */
  static int isoWeek(LocalDate date) {
    return date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
  }

  /** The ISO 8601 day of the week, 1 (Monday) to 7 (Sunday). */
  static int isoDayOfWeek(LocalDate date) {
    return date.getDayOfWeek().getValue();
  }

  /** The millisecond of the second of {@code millis}, 0 to 999 also before 1970. */
  static int millisecond(long millis) {
    return (int) Math.floorMod(millis, 1000L);
  }

  /** The date of an ISO week date (days and weeks out of range carry over). */
  static LocalDate fromIsoWeekDate(long isoWeekYear, long isoWeek, long isoDayOfWeek) {
    LocalDate fourthOfJanuary = LocalDate.of((int) isoWeekYear, 1, 4);
    LocalDate firstMonday =
        fourthOfJanuary.minusDays(fourthOfJanuary.getDayOfWeek().getValue() - 1);
    return firstMonday.plusDays((isoWeek - 1) * 7 + (isoDayOfWeek - 1));
  }
}
