package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code {$dateFromParts: {year, month, day, hour, minute, second, millisecond, timezone}}} or its
 * ISO form {@code {isoWeekYear, isoWeek, isoDayOfWeek, ...}}: the date of a wall-clock time in the
 * zone. Parts out of their natural range carry over as MongoDB's do (month 14 is February of the
 * next year, day 0 the last day of the previous month); month, day, hour, minute and the ISO week
 * parts must lie in [-32768, 32767] and the year in 1 to 9999.
 *
 * @param iso whether the spec uses the ISO week fields; then {@code year}, {@code month} and {@code
 *     day} hold {@code isoWeekYear}, {@code isoWeek} and {@code isoDayOfWeek}
 */
record DateFromParts(
    boolean iso,
    Expression year,
    Expression month,
    Expression day,
    Expression hour,
    Expression minute,
    Expression second,
    Expression millisecond,
    Expression timezone)
    implements Expression {

  private static final Set<String> ARGUMENTS =
      Set.of(
          "year",
          "month",
          "day",
          "hour",
          "minute",
          "second",
          "millisecond",
          "isoWeekYear",
          "isoWeek",
          "isoDayOfWeek",
          "timezone");

  static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40519, "$dateFromParts only supports an object as its argument");
    }
    DateOperatorArguments named =
        DateOperatorArguments.parse(
            spec,
            ARGUMENTS,
            scope,
            field ->
                new MongoLakeException(
                    ErrorCode.LOCATION_40518, "Unrecognized argument to $dateFromParts: " + field));
    boolean natural = named.has("year");
    boolean iso = named.has("isoWeekYear");
    if (!natural && !iso) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40516,
          "$dateFromParts requires either 'year' or 'isoWeekYear' to be present");
    }
    if (natural && (iso || named.has("isoWeek") || named.has("isoDayOfWeek"))) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40489,
          "$dateFromParts does not allow mixing natural dates with ISO dates");
    }
    if (iso && (named.has("month") || named.has("day"))) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40525,
          "$dateFromParts does not allow mixing ISO dates with natural dates");
    }
    DateFromParts parsed =
        new DateFromParts(
            iso,
            named.get(iso ? "isoWeekYear" : "year"),
            named.get(iso ? "isoWeek" : "month"),
            named.get(iso ? "isoDayOfWeek" : "day"),
            named.get("hour"),
            named.get("minute"),
            named.get("second"),
            named.get("millisecond"),
            named.get("timezone"));
    return DateConstantArguments.checkedUnlessFoldable(
        parsed, () -> DateConstantArguments.zone(parsed.timezone()));
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    Long hourValue = bounded(hour, "hour", 0, variables);
    Long minuteValue = hourValue == null ? null : bounded(minute, "minute", 0, variables);
    Long secondValue = minuteValue == null ? null : integer(second, "second", 0, variables);
    Long millisValue =
        secondValue == null ? null : integer(millisecond, "millisecond", 0, variables);
    if (millisValue == null) {
      return BsonNull.VALUE;
    }
    DateZone zone = TimeZones.evaluate(timezone, variables);
    if (zone == null) {
      return BsonNull.VALUE;
    }
    String yearName = iso ? "isoWeekYear" : "year";
    Long yearValue = integer(year, yearName, 1970, variables);
    Long monthValue =
        yearValue == null ? null : bounded(month, iso ? "isoWeek" : "month", 1, variables);
    Long dayValue =
        monthValue == null ? null : bounded(day, iso ? "isoDayOfWeek" : "day", 1, variables);
    if (dayValue == null) {
      return BsonNull.VALUE;
    }
    if (yearValue < 1 || yearValue > 9999) {
      throw new MongoLakeException(
          iso ? ErrorCode.LOCATION_31095 : ErrorCode.LOCATION_40523,
          "'"
              + yearName
              + "' must evaluate to an integer in the range 1 to 9999, found "
              + yearValue);
    }
    try {
      LocalDate date =
          iso
              ? CalendarFields.fromIsoWeekDate(yearValue, monthValue, dayValue)
              : LocalDate.of(yearValue.intValue(), 1, 1)
                  .plusMonths(monthValue - 1)
                  .plusDays(dayValue - 1);
      LocalDateTime local =
          date.atStartOfDay()
              .plusHours(hourValue)
              .plusMinutes(minuteValue)
              .plusSeconds(secondValue)
              .plusNanos(Math.multiplyExact(millisValue, 1_000_000L));
      return new BsonDateTime(zone.toMillis(local));
    } catch (ArithmeticException | DateTimeException outOfRange) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "$dateFromParts cannot represent a date this far from 1970: the seconds or milliseconds"
              + " carry it outside the range MongoLake computes");
    }
  }

  /** An integer part, its default when absent, or {@code null} when it is null or missing. */
  private static Long integer(Expression part, String name, long absent, Variables variables) {
    if (part == null) {
      return absent;
    }
    BsonValue value = part.evaluate(variables);
    if (ExpressionValues.isNullish(value)) {
      return null;
    }
    Long integral = DateValues.integral64(value);
    if (integral == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40515,
          "'"
              + name
              + "' must evaluate to an integer, found "
              + BsonTypeNames.of(value)
              + " with value "
              + DateValues.describe(value));
    }
    return integral;
  }

  /** As {@link #integer}, within the 16-bit range MongoDB allows most parts. */
  private static Long bounded(Expression part, String name, long absent, Variables variables) {
    Long value = integer(part, name, absent, variables);
    if (value != null && (value < Short.MIN_VALUE || value > Short.MAX_VALUE)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31034,
          "'"
              + name
              + "' must evaluate to a value in the range [-32768, 32767]; value "
              + value
              + " is not in range");
    }
    return value;
  }

  @Override
  public List<Expression> children() {
    return DateOperatorArguments.present(
        year, month, day, hour, minute, second, millisecond, timezone);
  }
}
