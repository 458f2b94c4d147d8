package dev.mongolake.aggregate.internal.expression;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * How many unit boundaries lie between two wall-clock times, as MongoDB's {@code $dateDiff} counts
 * them (and {@code $dateTrunc} measures from its reference point): a year is crossed at each new
 * year's day, a week at each first day of the week, an hour at each o'clock corrected by the change
 * of UTC offset.
 */
final class CalendarDistance {

  private CalendarDistance() {}

  static long years(LocalDate start, LocalDate end) {
    return (long) end.getYear() - start.getYear();
  }

  static long quarters(LocalDate start, LocalDate end) {
    return (end.getMonthValue() - 1) / 3 - (start.getMonthValue() - 1) / 3 + years(start, end) * 4;
  }

  static long months(LocalDate start, LocalDate end) {
    return end.getMonthValue() - start.getMonthValue() + years(start, end) * 12;
  }

  static long days(LocalDate start, LocalDate end) {
    return end.toEpochDay() - start.toEpochDay();
  }

  static long weeks(LocalDate start, LocalDate end, DayOfWeek weekStart) {
    // Java's division truncates toward zero like the server's.
    return (days(start, end)
            + WeekStart.position(start.getDayOfWeek(), weekStart)
            - WeekStart.position(end.getDayOfWeek(), weekStart))
        / 7;
  }

  /**
   * Hours, minutes or seconds between two wall-clock times whose UTC offsets are {@code
   * startOffset} and {@code endOffset} seconds.
   */
  static long clock(
      DateUnit unit, LocalDateTime start, int startOffset, LocalDateTime end, int endOffset) {
    long offsetChange = (long) startOffset - endOffset;
    long hours =
        end.getHour() - start.getHour() + days(start.toLocalDate(), end.toLocalDate()) * 24;
    if (unit == DateUnit.HOUR) {
      return hours + offsetChange / 3600;
    }
    long minutes = end.getMinute() - start.getMinute() + hours * 60;
    if (unit == DateUnit.MINUTE) {
      return minutes + offsetChange / 60;
    }
    return end.getSecond() - start.getSecond() + minutes * 60 + offsetChange;
  }

  /** Boundaries of a calendar unit (day and larger) between two dates. */
  static long calendar(DateUnit unit, LocalDate start, LocalDate end, DayOfWeek weekStart) {
    return switch (unit) {
      case YEAR -> years(start, end);
      case QUARTER -> quarters(start, end);
      case MONTH -> months(start, end);
      case WEEK -> weeks(start, end, weekStart);
      case DAY -> days(start, end);
      default -> throw new IllegalArgumentException("not a calendar unit: " + unit);
    };
  }
}
