package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code {$dateTrunc: {date, unit, binSize, timezone, startOfWeek}}}: the start of the bin of
 * {@code binSize} units holding the date. Bins are counted from MongoDB's reference point,
 * 2000-01-01T00:00 in the zone (for weeks, the first {@code startOfWeek} on or after it).
 */
record DateTrunc(
    Expression date,
    Expression unit,
    Expression binSize,
    Expression timezone,
    Expression startOfWeek)
    implements Expression {

  private static final String NAME = "$dateTrunc";
  private static final Set<String> ARGUMENTS =
      Set.of("date", "unit", "binSize", "timezone", "startOfWeek");
  private static final long REFERENCE_UTC_MILLIS = 946_684_800_000L;
  private static final LocalDate REFERENCE_DATE = LocalDate.of(2000, 1, 1);

  /** The largest bin of a calendar unit MongoDB computes. */
  private static final long MAX_CALENDAR_BIN = 100_000_000_000L;

  static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439007, "$dateTrunc only supports an object as its argument");
    }
    DateOperatorArguments named =
        DateOperatorArguments.parse(
            spec,
            ARGUMENTS,
            scope,
            field ->
                new MongoLakeException(
                    ErrorCode.LOCATION_5439008,
                    "Unrecognized argument to $dateTrunc: "
                        + field
                        + ". Expected arguments are date, unit, and optionally, binSize, timezone,"
                        + " startOfWeek"));
    if (!named.has("date")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439009, "Missing 'date' parameter to $dateTrunc");
    }
    if (!named.has("unit")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439010, "Missing 'unit' parameter to $dateTrunc");
    }
    DateTrunc parsed =
        new DateTrunc(
            named.get("date"),
            named.get("unit"),
            named.get("binSize"),
            named.get("timezone"),
            named.get("startOfWeek"));
    return DateConstantArguments.checkedUnlessFoldable(
        parsed,
        () -> {
          DateConstantArguments.ifConstant(parsed.binSize(), DateTrunc::binSize);
          DateConstantArguments.ifConstant(parsed.unit(), unit -> DateUnit.parse(unit, NAME));
          DateConstantArguments.ifConstant(parsed.startOfWeek(), day -> WeekStart.parse(day, NAME));
          if (parsed.timezone() instanceof Constant) {
            DateDiff.zone(parsed.timezone(), null, NAME);
          }
        });
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue dateValue = date.evaluate(variables);
    if (ExpressionValues.isNullish(dateValue)) {
      return BsonNull.VALUE;
    }
    long bin = 1;
    if (binSize != null) {
      BsonValue value = binSize.evaluate(variables);
      if (ExpressionValues.isNullish(value)) {
        return BsonNull.VALUE;
      }
      bin = binSize(value);
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
    DateZone zone = DateDiff.zone(timezone, variables, NAME);
    if (zone == null) {
      return BsonNull.VALUE;
    }
    long millis = DateDiff.date(dateValue, NAME, "date");
    return new BsonDateTime(truncate(millis, parsedUnit, bin, zone, weekStart));
  }

  private static long binSize(BsonValue value) {
    Long size = DateValues.integral64(value);
    if (size == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439017,
          "$dateTrunc requires 'binSize' to be a 64-bit integer, but got value '"
              + DateValues.describe(value)
              + "' of type "
              + BsonTypeNames.of(value));
    }
    if (size <= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439018,
          "$dateTrunc requires 'binSize' to be greater than 0, but got value " + size);
    }
    return size;
  }

  /** The start of the bin of {@code bin} units holding {@code millis}. */
  static long truncate(long millis, DateUnit unit, long bin, DateZone zone, DayOfWeek weekStart) {
    long reference = REFERENCE_UTC_MILLIS - zone.offsetSeconds(REFERENCE_UTC_MILLIS) * 1000L;
    if (unit.isFixed()) {
      long binMillis;
      try {
        binMillis = Math.multiplyExact(bin, unit.millis());
      } catch (ArithmeticException overflow) {
        throw new MongoLakeException(ErrorCode.LOCATION_5439002, "dateTrunc overflowed");
      }
      long shifted;
      try {
        shifted = Math.subtractExact(millis, reference);
      } catch (ArithmeticException overflow) {
        throw new MongoLakeException(ErrorCode.LOCATION_5439000, "dateTrunc overflowed");
      }
      try {
        return Math.subtractExact(millis, Math.floorMod(shifted, binMillis));
      } catch (ArithmeticException overflow) {
        throw new MongoLakeException(ErrorCode.LOCATION_5439001, "dateTrunc overflowed");
      }
    }
    if (bin > MAX_CALENDAR_BIN) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439006, "dateTrunc unsupported binSize value");
    }
    LocalDate referenceDate = REFERENCE_DATE;
    if (unit == DateUnit.WEEK) {
      // 2000-01-01 was a Saturday; no DST change falls in early January 2000, so whole days of
      // milliseconds move the reference to the first day of a week.
      int saturday = WeekStart.position(DayOfWeek.SATURDAY, weekStart);
      int forward = (7 - saturday) % 7;
      reference += forward * 86_400_000L;
      referenceDate = referenceDate.plusDays(forward);
    }
    LocalDate local = zone.local(millis).toLocalDate();
    long distance = CalendarDistance.calendar(unit, referenceDate, local, weekStart);
    long lowerBound = distance - Math.floorMod(distance, bin);
    return DateArithmetic.add(reference, unit, lowerBound, zone);
  }

  @Override
  public List<Expression> children() {
    return DateOperatorArguments.present(date, unit, binSize, timezone, startOfWeek);
  }
}
