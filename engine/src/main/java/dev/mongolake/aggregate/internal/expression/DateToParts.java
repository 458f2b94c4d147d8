package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code {$dateToParts: {date, timezone, iso8601}}}: the date's calendar parts in the zone as a
 * document of ints, {@code {year, month, day, hour, minute, second, millisecond}}, or with {@code
 * iso8601: true} {@code {isoWeekYear, isoWeek, isoDayOfWeek, hour, ...}}.
 */
record DateToParts(Expression date, Expression timezone, Expression iso8601) implements Expression {

  private static final Set<String> ARGUMENTS = Set.of("date", "timezone", "iso8601");

  static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40524, "$dateToParts only supports an object as its argument");
    }
    DateOperatorArguments named =
        DateOperatorArguments.parse(
            spec,
            ARGUMENTS,
            scope,
            field ->
                new MongoLakeException(
                    ErrorCode.LOCATION_40520, "Unrecognized argument to $dateToParts: " + field));
    if (!named.has("date")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40522, "Missing 'date' parameter to $dateToParts");
    }
    DateToParts parsed =
        new DateToParts(named.get("date"), named.get("timezone"), named.get("iso8601"));
    return DateConstantArguments.checkedUnlessFoldable(
        parsed, () -> DateConstantArguments.zone(parsed.timezone()));
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue dateValue = date.evaluate(variables);
    DateZone zone = TimeZones.evaluate(timezone, variables);
    if (zone == null) {
      return BsonNull.VALUE;
    }
    boolean iso = false;
    if (iso8601 != null) {
      BsonValue flag = iso8601.evaluate(variables);
      if (ExpressionValues.isNullish(flag)) {
        return BsonNull.VALUE;
      }
      if (!flag.isBoolean()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40521,
            "iso8601 must evaluate to a bool, found " + BsonTypeNames.of(flag));
      }
      iso = flag.asBoolean().getValue();
    }
    if (ExpressionValues.isNullish(dateValue)) {
      return BsonNull.VALUE;
    }
    long millis = DateValues.toMillis(dateValue);
    LocalDateTime local = zone.local(millis);
    LocalDate day = local.toLocalDate();
    BsonDocument parts = new BsonDocument();
    if (iso) {
      parts.put("isoWeekYear", new BsonInt32(CalendarFields.isoWeekYear(day)));
      parts.put("isoWeek", new BsonInt32(CalendarFields.isoWeek(day)));
      parts.put("isoDayOfWeek", new BsonInt32(CalendarFields.isoDayOfWeek(day)));
    } else {
      parts.put("year", new BsonInt32(local.getYear()));
      parts.put("month", new BsonInt32(local.getMonthValue()));
      parts.put("day", new BsonInt32(local.getDayOfMonth()));
    }
    parts.put("hour", new BsonInt32(local.getHour()));
    parts.put("minute", new BsonInt32(local.getMinute()));
    parts.put("second", new BsonInt32(local.getSecond()));
    parts.put("millisecond", new BsonInt32(CalendarFields.millisecond(millis)));
    return parts;
  }

  @Override
  public List<Expression> children() {
    return DateOperatorArguments.present(date, timezone, iso8601);
  }
}
