package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.window.TimeUnit;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The {@code range} of {@code $densify}: a strictly positive {@code step}, a time {@code unit} for
 * dates, and {@code bounds} ({@code "full"}, {@code "partition"}, or {@code [lower, upper)} of two
 * numbers of the step's type or two dates).
 *
 * @param step the step
 * @param unit the time unit, or null for numbers
 * @param mode full, partition or explicit bounds
 * @param lower the explicit lower bound (inclusive), or null
 * @param upper the explicit upper bound (exclusive), or null
 */
record DensifyRange(BsonValue step, TimeUnit unit, Mode mode, BsonValue lower, BsonValue upper) {

  /** What the values are densified between. */
  enum Mode {
    FULL,
    PARTITION,
    EXPLICIT
  }

  static DensifyRange parse(BsonValue specification) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '$densify.range' is the wrong type '"
              + BsonTypeNames.of(specification)
              + "', expected type 'object'");
    }
    BsonDocument range = specification.asDocument();
    for (String key : range.keySet()) {
      if (!key.equals("step") && !key.equals("unit") && !key.equals("bounds")) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '$densify.range." + key + "' is an unknown field.");
      }
    }
    for (String required : new String[] {"step", "bounds"}) {
      if (!range.containsKey(required)) {
        throw new MongoLakeException(
            ErrorCode.IDL_MISSING_FIELD,
            "BSON field '$densify.range." + required + "' is missing but a required field");
      }
    }
    BsonValue step = range.get("step");
    if (!isNumber(step)
        || BsonComparisonOrder.INSTANCE.compare(step, new org.bson.BsonInt32(0)) <= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5733401,
          "The step parameter in a range statement must be a strictly positive numeric value");
    }
    TimeUnit unit = null;
    if (range.containsKey("unit")) {
      BsonValue name = range.get("unit");
      if (!name.isString()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field '$densify.range.unit' is the wrong type '"
                + BsonTypeNames.of(name)
                + "', expected type 'string'");
      }
      double d = step.asNumber().doubleValue();
      if (d != Math.rint(d) || Math.abs(d) >= 0x1p63) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_6586400,
            "The step parameter in a range statement must be a whole number when densifying a"
                + " date range");
      }
      unit = TimeUnit.parse(name.asString().getValue());
    }
    BsonValue bounds = range.get("bounds");
    if (bounds.isString()) {
      return switch (bounds.asString().getValue()) {
        case "full" -> new DensifyRange(step, unit, Mode.FULL, null, null);
        case "partition" -> new DensifyRange(step, unit, Mode.PARTITION, null, null);
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_5946802, "Bounds string must either be 'full' or 'partition'");
      };
    }
    if (!bounds.isArray()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5733404,
          "The bounds in a range statement must be the string 'full', 'partition', or an"
              + " ascending array of two numbers or two dates");
    }
    BsonArray pair = bounds.asArray();
    if (pair.size() != 2) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5733403,
          "A bounding array in a range statement must have exactly two elements");
    }
    BsonValue lower = pair.get(0);
    BsonValue upper = pair.get(1);
    // Bounds are numbers or dates, which no collation changes.
    if (BsonComparisonOrder.INSTANCE.compare(lower, upper) > 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5733402,
          "A bounding array must be an ascending array of either two dates or two numbers");
    }
    if (isNumber(lower)) {
      if (unit != null) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5733409, "Numeric bounds may not have unit parameter");
      }
      if (!isNumber(upper)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5733406,
            "A bounding array must contain either both dates or both numeric types");
      }
      if (lower.getBsonType() != upper.getBsonType() || lower.getBsonType() != step.getBsonType()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5876900,
            "Upper bound, lower bound, and step must all have the same type");
      }
      return new DensifyRange(step, null, Mode.EXPLICIT, lower, upper);
    }
    if (lower.isDateTime()) {
      if (!upper.isDateTime()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5733405,
            "A bounding array must contain either both dates or both numeric types");
      }
      if (unit == null) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5733410, "A bounding array of dates must specify a unit");
      }
      return new DensifyRange(step, unit, Mode.EXPLICIT, lower, upper);
    }
    throw new MongoLakeException(
        ErrorCode.LOCATION_5946800, "Explicit bounds must be numeric or dates");
  }

  static boolean isNumber(BsonValue value) {
    return value != null
        && (value.isNumber() || value.getBsonType() == org.bson.BsonType.DECIMAL128);
  }

  /** The value one step above {@code value}. */
  BsonValue next(BsonValue value) {
    if (unit != null) {
      return new BsonDateTime(unit.add(value.asDateTime().getValue(), step.asNumber().longValue()));
    }
    return dev.mongolake.aggregate.internal.window.WindowArithmetic.add(value, step);
  }

  /** Checks a document's value against the range's kind (numbers, or dates with a unit). */
  void check(BsonValue value) {
    if (!isNumber(value) && !value.isDateTime()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5733201, "Densify field type must be numeric or a date");
    }
    if (unit != null && !value.isDateTime()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_6053600,
          "Encountered non-date value in collection when step has a date unit.");
    }
    if (unit == null && value.isDateTime()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_6053601,
          "Encountered date value in collection when step does not have a date unit.");
    }
  }
}
