package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code {$dateAdd | $dateSubtract: {startDate, unit, amount, timezone}}}. Units of a day and more
 * move the wall clock in the zone (a month from January 31 is the last day of February; a day
 * across a DST change keeps the hour); smaller units move the instant.
 *
 * @param name {@code $dateAdd} or {@code $dateSubtract}
 * @param sign 1 to add, -1 to subtract
 */
record DateArithmetic(
    String name,
    int sign,
    Expression startDate,
    Expression unit,
    Expression amount,
    Expression timezone)
    implements Expression {

  private static final Set<String> ARGUMENTS = Set.of("startDate", "unit", "amount", "timezone");

  /** A parser for {@code $dateAdd} ({@code sign} 1) or {@code $dateSubtract} (-1). */
  static OperatorParser parser(int sign) {
    return (name, arguments, scope) -> {
      if (!(arguments instanceof BsonDocument spec)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5166400, name + " expects an object as its argument");
      }
      DateOperatorArguments named =
          DateOperatorArguments.parse(
              spec,
              ARGUMENTS,
              scope,
              field ->
                  new MongoLakeException(
                      ErrorCode.LOCATION_5166401,
                      "Unrecognized argument to "
                          + name
                          + ": "
                          + field
                          + ". Expected arguments are startDate, unit, amount, and optionally"
                          + " timezone."));
      if (!named.has("startDate") || !named.has("unit") || !named.has("amount")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5166402,
            name + " requires startDate, unit, and amount to be present");
      }
      DateArithmetic parsed =
          new DateArithmetic(
              name,
              sign,
              named.get("startDate"),
              named.get("unit"),
              named.get("amount"),
              named.get("timezone"));
      return DateConstantArguments.checkedUnlessFoldable(
          parsed,
          () -> {
            DateConstantArguments.ifConstant(parsed.unit(), unit -> DateUnit.parse(unit, name));
            DateConstantArguments.zone(parsed.timezone());
          });
    };
  }

  @Override
  public BsonValue evaluate(Variables variables) {
    BsonValue start = startDate.evaluate(variables);
    if (ExpressionValues.isNullish(start)) {
      return BsonNull.VALUE;
    }
    BsonValue unitValue = unit.evaluate(variables);
    if (ExpressionValues.isNullish(unitValue)) {
      return BsonNull.VALUE;
    }
    DateUnit parsedUnit = DateUnit.parse(unitValue, name);
    BsonValue amountValue = amount.evaluate(variables);
    if (ExpressionValues.isNullish(amountValue)) {
      return BsonNull.VALUE;
    }
    DateZone zone = TimeZones.evaluate(timezone, variables);
    if (zone == null) {
      return BsonNull.VALUE;
    }
    if (!DateValues.coercibleToDate(start)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5166403, name + " requires startDate to be convertible to a date");
    }
    Long count = DateValues.integral64(amountValue);
    if (count == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5166405, name + " expects integer amount of time units");
    }
    if (sign < 0 && count == Long.MIN_VALUE) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_6045000, "invalid $dateSubtract 'amount' parameter value: " + count);
    }
    return new BsonDateTime(add(DateValues.toMillis(start), parsedUnit, sign * count, zone));
  }

  /**
   * {@code millis} moved by {@code amount} units in {@code zone}.
   *
   * @throws MongoLakeException 5976500 for an amount far beyond any date, 5166406 when the result
   *     is not a date; for milliseconds, which MongoDB adds as durations, DurationOverflow
   */
  static long add(long millis, DateUnit unit, long amount, DateZone zone) {
    if (unit == DateUnit.MILLISECOND) {
      try {
        return Math.addExact(millis, amount);
      } catch (ArithmeticException overflow) {
        throw new MongoLakeException(
            ErrorCode.DURATION_OVERFLOW,
            "Overflow while adding " + amount + "ms to " + millis + "ms");
      }
    }
    try {
      if (!amountFitsDates(amount, unit)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5976500,
            "invalid dateAdd 'amount' parameter value: " + amount + " " + unit.spelling());
      }
      if (unit.isFixed()) {
        return Math.addExact(millis, Math.multiplyExact(amount, unit.millis()));
      }
      LocalDateTime local = zone.local(millis);
      LocalDateTime moved =
          switch (unit) {
            case YEAR -> local.plusYears(amount);
            case QUARTER -> local.plusMonths(Math.multiplyExact(amount, 3L));
            case MONTH -> local.plusMonths(amount);
            case WEEK -> local.plusWeeks(amount);
            case DAY -> local.plusDays(amount);
            default -> throw new IllegalStateException("fixed unit " + unit);
          };
      return zone.toMillis(moved);
    } catch (ArithmeticException | DateTimeException overflow) {
      throw new MongoLakeException(ErrorCode.LOCATION_5166406, "dateAdd overflowed");
    }
  }

  /** MongoDB's bound on an amount: about the span of all 64-bit millisecond dates. */
  private static boolean amountFitsDates(long amount, DateUnit unit) {
    long maxDays = Long.divideUnsigned(-1L, 86_400_000L) + 1;
    long maxYears = maxDays / 365 + 1;
    long limit =
        switch (unit) {
          case YEAR -> maxYears;
          case QUARTER -> maxYears * 4;
          case MONTH -> maxYears * 12;
          case WEEK -> maxDays / 7;
          case DAY -> maxDays;
          case HOUR -> maxDays * 24;
          case MINUTE -> maxDays * 24 * 60;
          case SECOND -> maxDays * 24 * 60 * 60;
          case MILLISECOND -> Long.MAX_VALUE;
        };
    return -limit < amount && amount < limit;
  }

  @Override
  public List<Expression> children() {
    return DateOperatorArguments.present(startDate, unit, amount, timezone);
  }
}
