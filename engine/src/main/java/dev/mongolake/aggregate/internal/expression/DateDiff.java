package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code {$dateDiff: {startDate, endDate, unit, timezone, startOfWeek}}}: how many unit boundaries
 * are crossed from start to end in the zone (a long; negative when end is before start).
 */
record DateDiff(
    Expression startDate,
    Expression endDate,
    Expression unit,
    Expression timezone,
    Expression startOfWeek)
    implements Expression {

  private static final String NAME = "$dateDiff";
  private static final Set<String> ARGUMENTS =
      Set.of("startDate", "endDate", "unit", "timezone", "startOfWeek");

  static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5166301, "$dateDiff only supports an object as its argument");
    }
    DateOperatorArguments named =
        DateOperatorArguments.parse(
            spec,
            ARGUMENTS,
            scope,
            field ->
                new MongoLakeException(
                    ErrorCode.LOCATION_5166302, "Unrecognized argument to $dateDiff: " + field));
    if (!named.has("startDate")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5166303, "Missing 'startDate' parameter to $dateDiff");
    }
    if (!named.has("endDate")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5166304, "Missing 'endDate' parameter to $dateDiff");
    }
    if (!named.has("unit")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5166305, "Missing 'unit' parameter to $dateDiff");
    }
    DateDiff parsed =
        new DateDiff(
            named.get("startDate"),
            named.get("endDate"),
            named.get("unit"),
            named.get("timezone"),
            named.get("startOfWeek"));
    return DateConstantArguments.checkedUnlessFoldable(
        parsed,
        () -> {
          DateConstantArguments.ifConstant(parsed.unit(), unit -> DateUnit.parse(unit, NAME));
          DateConstantArguments.ifConstant(parsed.startOfWeek(), day -> WeekStart.parse(day, NAME));
          if (parsed.timezone() instanceof Constant) {
            zone(parsed.timezone(), null, NAME);
          }
        });
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue start = startDate.evaluate(variables);
    if (ExpressionValues.isNullish(start)) {
      return BsonNull.VALUE;
    }
    BsonValue end = endDate.evaluate(variables);
    if (ExpressionValues.isNullish(end)) {
      return BsonNull.VALUE;
    }
    BsonValue unitValue = unit.evaluate(variables);
    if (ExpressionValues.isNullish(unitValue)) {
      return BsonNull.VALUE;
    }
    DateUnit parsedUnit = DateUnit.parse(unitValue, NAME);
    DayOfWeek weekStart = WeekStart.DEFAULT;
    if (parsedUnit == DateUnit.WEEK && startOfWeek != null) {
      BsonValue value = startOfWeek.evaluate(variables);
      if (ExpressionValues.isNullish(value)) {
        return BsonNull.VALUE;
      }
      weekStart = WeekStart.parse(value, NAME);
    }
    DateZone zone = zone(timezone, variables, NAME);
    if (zone == null) {
      return BsonNull.VALUE;
    }
    long startMillis = date(start, NAME, "startDate");
    long endMillis = date(end, NAME, "endDate");
    return new BsonInt64(between(startMillis, endMillis, parsedUnit, zone, weekStart));
  }

  /** Unit boundaries from {@code start} to {@code end} in {@code zone}. */
  static long between(long start, long end, DateUnit unit, DateZone zone, DayOfWeek weekStart) {
    if (unit == DateUnit.MILLISECOND) {
      try {
        return Math.subtractExact(end, start);
      } catch (ArithmeticException overflow) {
        throw new MongoLakeException(ErrorCode.LOCATION_5166308, "dateDiff overflowed");
      }
    }
    LocalDateTime startLocal = zone.local(start);
    LocalDateTime endLocal = zone.local(end);
    if (unit.isFixed()) {
      return CalendarDistance.clock(
          unit, startLocal, zone.offsetSeconds(start), endLocal, zone.offsetSeconds(end));
    }
    return CalendarDistance.calendar(
        unit, startLocal.toLocalDate(), endLocal.toLocalDate(), weekStart);
  }

  /**
   * The zone of a {@code timezone} argument whose errors MongoDB prefixes with the operator's
   * context ({@code $dateDiff} and {@code $dateTrunc}).
   */
  static DateZone zone(Expression timezone, Variables variables, String operator) {
    try {
      return TimeZones.evaluate(timezone, variables);
    } catch (MongoLakeException e) {
      throw new MongoLakeException(
          e.errorCode(),
          operator
              + " parameter 'timezone' value parsing failed :: caused by :: "
              + e.getMessage());
    }
  }

  /**
   * The milliseconds of an argument that must be a date.
   *
   * @throws MongoLakeException 5166307 naming the argument
   */
  static long date(BsonValue value, String operator, String parameter) {
    if (!DateValues.coercibleToDate(value)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5166307,
          operator
              + " requires '"
              + parameter
              + "' to be a date, but got "
              + BsonTypeNames.of(value));
    }
    return DateValues.toMillis(value);
  }

  @Override
  public List<Expression> children() {
    return DateOperatorArguments.present(startDate, endDate, unit, timezone, startOfWeek);
  }
}
