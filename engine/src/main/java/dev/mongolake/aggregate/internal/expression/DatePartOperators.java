package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $year}, {@code $month}, ... {@code $isoWeekYear}: one part of a date in a time zone. The
 * argument is a date expression, {@code [date]}, or {@code {date, timezone}}. Every part is an int
 * except {@code $isoWeekYear}, which MongoDB answers as a long.
 */
final class DatePartOperators {

  /** How one operator reads its part from a wall-clock time and the instant's milliseconds. */
  @FunctionalInterface
  interface Part {
    BsonValue of(LocalDateTime local, long millis);
  }

  private static final Map<String, Part> PARTS =
      Map.ofEntries(
          Map.entry("$year", (local, millis) -> new BsonInt32(local.getYear())),
          Map.entry("$month", (local, millis) -> new BsonInt32(local.getMonthValue())),
          Map.entry("$dayOfMonth", (local, millis) -> new BsonInt32(local.getDayOfMonth())),
          Map.entry("$hour", (local, millis) -> new BsonInt32(local.getHour())),
          Map.entry("$minute", (local, millis) -> new BsonInt32(local.getMinute())),
          Map.entry("$second", (local, millis) -> new BsonInt32(local.getSecond())),
          Map.entry(
              "$millisecond", (local, millis) -> new BsonInt32(CalendarFields.millisecond(millis))),
          Map.entry("$dayOfYear", (local, millis) -> new BsonInt32(local.getDayOfYear())),
          Map.entry(
              "$dayOfWeek",
              (local, millis) -> new BsonInt32(CalendarFields.dayOfWeek(local.toLocalDate()))),
          Map.entry(
              "$week", (local, millis) -> new BsonInt32(CalendarFields.week(local.toLocalDate()))),
          Map.entry(
              "$isoWeekYear",
              (local, millis) -> new BsonInt64(CalendarFields.isoWeekYear(local.toLocalDate()))),
          Map.entry(
              "$isoWeek",
              (local, millis) -> new BsonInt32(CalendarFields.isoWeek(local.toLocalDate()))),
          Map.entry(
              "$isoDayOfWeek",
              (local, millis) -> new BsonInt32(CalendarFields.isoDayOfWeek(local.toLocalDate()))));

  private DatePartOperators() {}

  static void register(OperatorRegistry.Builder registry) {
    PARTS.forEach(
        (name, part) ->
            registry.operator(
                name, (operator, arguments, scope) -> parse(operator, arguments, scope, part)));
  }

  private static Expression parse(
      String name, BsonValue arguments, VariableScope scope, Part part) {
    // A document whose first field is an operator is the date expression itself.
    if (arguments instanceof BsonDocument spec
        && (spec.isEmpty() || !spec.getFirstKey().startsWith("$"))) {
      Expression date = null;
      Expression timezone = null;
      for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
        switch (field.getKey()) {
          case "date" -> date = ExpressionParser.parse(field.getValue(), scope);
          case "timezone" -> timezone = ExpressionParser.parse(field.getValue(), scope);
          default ->
              throw new MongoLakeException(
                  ErrorCode.LOCATION_40535,
                  "unrecognized option to " + name + ": \"" + field.getKey() + "\"");
        }
      }
      if (date == null) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40539,
            "missing 'date' argument to "
                + name
                + ", provided: "
                + BsonDebugText.element(name, spec));
      }
      Expression zone = timezone;
      return DateConstantArguments.checkedUnlessFoldable(
          new DatePart(date, timezone, part), () -> DateConstantArguments.zone(zone));
    }
    if (arguments instanceof BsonArray array) {
      if (array.size() != 1) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40536,
            name
                + " accepts exactly one argument if given an array, but was given "
                + array.size());
      }
      return new DatePart(ExpressionParser.parse(array.get(0), scope), null, part);
    }
    return new DatePart(ExpressionParser.parse(arguments, scope), null, part);
  }

  /** One part of {@code date} in {@code timezone} (UTC when {@code null}). */
  private record DatePart(Expression date, Expression timezone, Part part) implements Expression {

    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue value = date.evaluate(variables);
      if (ExpressionValues.isNullish(value)) {
        return BsonNull.VALUE;
      }
      long millis = DateValues.toMillis(value);
      DateZone zone = TimeZones.evaluate(timezone, variables);
      if (zone == null) {
        return BsonNull.VALUE;
      }
      return part.of(zone.local(millis), millis);
    }

    @Override
    public List<Expression> children() {
      return DateOperatorArguments.present(date, timezone);
    }
  }
}
