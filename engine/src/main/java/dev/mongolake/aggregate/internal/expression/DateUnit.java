package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.Locale;
import org.bson.BsonValue;

/** The {@code unit} of {@code $dateAdd}, {@code $dateDiff} and {@code $dateTrunc}. */
enum DateUnit {
  YEAR(0),
  QUARTER(0),
  MONTH(0),
  WEEK(0),
  DAY(0),
  HOUR(3_600_000L),
  MINUTE(60_000L),
  SECOND(1_000L),
  MILLISECOND(1L);

  private final long fixedMillis;

  DateUnit(long fixedMillis) {
    this.fixedMillis = fixedMillis;
  }

  /** Whether the unit is a fixed number of milliseconds (hour and smaller). */
  boolean isFixed() {
    return fixedMillis > 0;
  }

  /** The milliseconds of a fixed unit. */
  long millis() {
    return fixedMillis;
  }

  /** The name MongoDB spells ({@code "year"}). */
  String spelling() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The unit an evaluated, non-null {@code unit} argument names.
   *
   * @throws MongoLakeException 5439013 for a value that is not a string, FailedToParse for an
   *     unknown unit
   */
  static DateUnit parse(BsonValue value, String operator) {
    if (!value.isString()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5439013,
          operator + " requires 'unit' to be a string, but got " + BsonTypeNames.of(value));
    }
    String text = value.asString().getValue();
    for (DateUnit unit : values()) {
      if (unit.spelling().equals(text)) {
        return unit;
      }
    }
    throw new MongoLakeException(
        ErrorCode.FAILED_TO_PARSE,
        operator
            + " parameter 'unit' value parsing failed :: caused by :: unknown time unit value: "
            + text);
  }
}
