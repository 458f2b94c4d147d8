package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Set;
import org.bson.BsonValue;

/**
 * The {@code timezone} argument of the date operators: an Olson identifier ({@code
 * "America/New_York"}) or a UTC offset written {@code +hh:mm}, {@code +hhmm} or {@code +hh}, as
 * MongoDB accepts them.
 */
final class TimeZones {

  private static final Set<String> OLSON_NAMES = ZoneId.getAvailableZoneIds();

  private TimeZones() {}

  /**
   * The zone named {@code name}.
   *
   * @throws MongoLakeException 40485 for a name MongoDB does not know
   */
  static DateZone parse(String name) {
    if (name.equals("UTC")) {
      return DateZone.UTC;
    }
    Integer offsetSeconds = utcOffset(name);
    if (offsetSeconds != null) {
      ZoneOffset offset = ZoneOffset.ofTotalSeconds(offsetSeconds);
      return new DateZone(offset, offsetSeconds == 0);
    }
    if (OLSON_NAMES.contains(name)) {
      return new DateZone(ZoneId.of(name), false);
    }
    throw new MongoLakeException(
        ErrorCode.LOCATION_40485, "unrecognized time zone identifier: \"" + name + "\"");
  }

  /**
   * The zone an evaluated {@code timezone} argument names; UTC when the operator has none ({@code
   * expression == null}), and {@code null} when it evaluates to null or missing.
   *
   * @throws MongoLakeException 40517 for a value that is not a string, 40485 for an unknown name
   */
  static DateZone evaluate(Expression expression, Variables variables) {
    if (expression == null) {
      return DateZone.UTC;
    }
    BsonValue value = expression.evaluate(variables);
    if (ExpressionValues.isNullish(value)) {
      return null;
    }
    if (!value.isString()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40517,
          "timezone must evaluate to a string, found " + BsonTypeNames.of(value));
    }
    return parse(value.asString().getValue());
  }

  /** {@code ±hh}, {@code ±hhmm} or {@code ±hh:mm} in seconds, or {@code null}. */
  private static Integer utcOffset(String text) {
    if (text.isEmpty() || (text.charAt(0) != '+' && text.charAt(0) != '-')) {
      return null;
    }
    int sign = text.charAt(0) == '+' ? 1 : -1;
    String digits;
    if (text.length() == 3) {
      digits = text.substring(1) + "00";
    } else if (text.length() == 5) {
      digits = text.substring(1);
    } else if (text.length() == 6 && text.charAt(3) == ':') {
      digits = text.substring(1, 3) + text.substring(4);
    } else {
      return null;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
        return null;
      }
    }
    int hours = Integer.parseInt(digits.substring(0, 2));
    int minutes = Integer.parseInt(digits.substring(2));
    int seconds = sign * (hours * 3600 + minutes * 60);
    // Java's offsets stop at ±18:00; MongoDB accepts up to ±99:99, which we refuse rather than
    // wrap.
    if (Math.abs(seconds) > 18 * 3600) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "UTC offsets beyond ±18:00 are not supported as a timezone: \"" + text + "\"");
    }
    return seconds;
  }
}
