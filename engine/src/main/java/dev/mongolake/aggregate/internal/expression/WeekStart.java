package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.time.DayOfWeek;
import java.util.Locale;
import java.util.Map;
import org.bson.BsonValue;

/** The {@code startOfWeek} argument: a day's name or three-letter abbreviation, any case. */
final class WeekStart {

  /** MongoDB's default first day of the week. */
  static final DayOfWeek DEFAULT = DayOfWeek.SUNDAY;

  private static final Map<String, DayOfWeek> NAMES =
      Map.ofEntries(
          Map.entry("monday", DayOfWeek.MONDAY),
          Map.entry("mon", DayOfWeek.MONDAY),
          Map.entry("tuesday", DayOfWeek.TUESDAY),
          Map.entry("tue", DayOfWeek.TUESDAY),
          Map.entry("wednesday", DayOfWeek.WEDNESDAY),
          Map.entry("wed", DayOfWeek.WEDNESDAY),
          Map.entry("thursday", DayOfWeek.THURSDAY),
          Map.entry("thu", DayOfWeek.THURSDAY),
          Map.entry("friday", DayOfWeek.FRIDAY),
          Map.entry("fri", DayOfWeek.FRIDAY),
          Map.entry("saturday", DayOfWeek.SATURDAY),
          Map.entry("sat", DayOfWeek.SATURDAY),
          Map.entry("sunday", DayOfWeek.SUNDAY),
          Map.entry("sun", DayOfWeek.SUNDAY));

  private WeekStart() {}

  /**
   * The day an evaluated, non-null {@code startOfWeek} names.
   *
   * @throws MongoLakeException 5439015 for a non-string, 5439016 for an unknown day
   */
  static DayOfWeek parse(BsonValue value, String operator) {
    if (!value.isString()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439015,
          operator + " requires 'startOfWeek' to be a string, but got " + BsonTypeNames.of(value));
    }
    String text = value.asString().getValue();
    DayOfWeek day = NAMES.get(text.toLowerCase(Locale.ROOT));
    if (day == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439016,
          operator
              + " parameter 'startOfWeek' value cannot be recognized as a day of a week: "
              + text);
    }
    return day;
  }

  /** The position of {@code day} in a week starting on {@code start}: 0 to 6. */
  static int position(DayOfWeek day, DayOfWeek start) {
    return (day.getValue() - start.getValue() + 7) % 7;
  }
}
