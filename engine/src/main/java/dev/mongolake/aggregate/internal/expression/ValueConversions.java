package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * MongoDB's {@code $convert} table: which input type converts to which target type and how. A pair
 * missing from the table, or a value that does not convert (a NaN to an integer, a string that is
 * not a number), fails with ConversionFailure and MongoDB's message, which {@code onError} may
 * catch. Stateless and thread-safe.
 */
final class ValueConversions {

  private static final String NO_ON_ERROR = " in $convert with no onError value";
  private static final Map<BsonType, Map<BsonType, UnaryOperator<BsonValue>>> TABLE = table();

  private ValueConversions() {}

  /** {@code value} (not null or missing) converted to {@code target}. */
  static BsonValue convert(BsonValue value, BsonType target) {
    UnaryOperator<BsonValue> conversion =
        TABLE.getOrDefault(value.getBsonType(), Map.of()).get(target);
    if (conversion == null) {
      throw failure(
          "Unsupported conversion from "
              + BsonTypeNames.of(value)
              + " to "
              + BsonTypeNames.of(target)
              + NO_ON_ERROR);
    }
    return conversion.apply(value);
  }

  static MongoLakeException failure(String message) {
    return new MongoLakeException(ErrorCode.CONVERSION_FAILURE, message);
  }

  private static Map<BsonType, Map<BsonType, UnaryOperator<BsonValue>>> table() {
    Map<BsonType, Map<BsonType, UnaryOperator<BsonValue>>> table = new EnumMap<>(BsonType.class);
    UnaryOperator<BsonValue> identity = value -> value;
    UnaryOperator<BsonValue> truth = value -> BsonBoolean.valueOf(ExpressionValues.isTrue(value));

    Map<BsonType, UnaryOperator<BsonValue>> fromDouble = new EnumMap<>(BsonType.class);
    fromDouble.put(BsonType.DOUBLE, identity);
    fromDouble.put(
        BsonType.STRING, value -> new BsonString(doubleText(value.asDouble().getValue())));
    fromDouble.put(BsonType.BOOLEAN, truth);
    fromDouble.put(BsonType.DATE_TIME, ValueConversions::numberToDate);
    fromDouble.put(
        BsonType.INT32, value -> new BsonInt32(doubleToInt(value.asDouble().getValue())));
    fromDouble.put(
        BsonType.INT64, value -> new BsonInt64(doubleToLong(value.asDouble().getValue())));
    fromDouble.put(
        BsonType.DECIMAL128, value -> new BsonDecimal128(NumericCoercion.toDecimal(value)));
    table.put(BsonType.DOUBLE, fromDouble);

    Map<BsonType, UnaryOperator<BsonValue>> fromString = new EnumMap<>(BsonType.class);
    fromString.put(BsonType.DOUBLE, value -> StringNumbers.toDouble(value.asString().getValue()));
    fromString.put(BsonType.STRING, identity);
    fromString.put(
        BsonType.OBJECT_ID, value -> StringNumbers.toObjectId(value.asString().getValue()));
    fromString.put(BsonType.BOOLEAN, value -> BsonBoolean.TRUE);
    fromString.put(BsonType.DATE_TIME, value -> IsoDates.parse(value.asString().getValue()));
    fromString.put(BsonType.INT32, value -> StringNumbers.toInt(value.asString().getValue()));
    fromString.put(BsonType.INT64, value -> StringNumbers.toLong(value.asString().getValue()));
    fromString.put(
        BsonType.DECIMAL128, value -> StringNumbers.toDecimal(value.asString().getValue()));
    table.put(BsonType.STRING, fromString);

    Map<BsonType, UnaryOperator<BsonValue>> fromObjectId = new EnumMap<>(BsonType.class);
    fromObjectId.put(
        BsonType.STRING, value -> new BsonString(value.asObjectId().getValue().toHexString()));
    fromObjectId.put(BsonType.OBJECT_ID, identity);
    fromObjectId.put(BsonType.BOOLEAN, value -> BsonBoolean.TRUE);
    fromObjectId.put(
        BsonType.DATE_TIME,
        value ->
            new BsonDateTime(
                Integer.toUnsignedLong(value.asObjectId().getValue().getTimestamp()) * 1000L));
    table.put(BsonType.OBJECT_ID, fromObjectId);

    Map<BsonType, UnaryOperator<BsonValue>> fromBoolean = new EnumMap<>(BsonType.class);
    fromBoolean.put(BsonType.DOUBLE, value -> new BsonDouble(value.asBoolean().getValue() ? 1 : 0));
    fromBoolean.put(
        BsonType.STRING, value -> new BsonString(value.asBoolean().getValue() ? "true" : "false"));
    fromBoolean.put(BsonType.BOOLEAN, identity);
    fromBoolean.put(BsonType.INT32, value -> new BsonInt32(value.asBoolean().getValue() ? 1 : 0));
    fromBoolean.put(BsonType.INT64, value -> new BsonInt64(value.asBoolean().getValue() ? 1 : 0));
    fromBoolean.put(
        BsonType.DECIMAL128,
        value -> new BsonDecimal128(new Decimal128(value.asBoolean().getValue() ? 1 : 0)));
    table.put(BsonType.BOOLEAN, fromBoolean);

    Map<BsonType, UnaryOperator<BsonValue>> fromDate = new EnumMap<>(BsonType.class);
    fromDate.put(BsonType.DOUBLE, value -> new BsonDouble(value.asDateTime().getValue()));
    fromDate.put(
        BsonType.STRING, value -> new BsonString(IsoDates.format(value.asDateTime().getValue())));
    fromDate.put(BsonType.BOOLEAN, value -> BsonBoolean.TRUE);
    fromDate.put(BsonType.DATE_TIME, identity);
    fromDate.put(BsonType.INT64, value -> new BsonInt64(value.asDateTime().getValue()));
    fromDate.put(
        BsonType.DECIMAL128,
        value -> new BsonDecimal128(new Decimal128(value.asDateTime().getValue())));
    table.put(BsonType.DATE_TIME, fromDate);

    Map<BsonType, UnaryOperator<BsonValue>> fromTimestamp = new EnumMap<>(BsonType.class);
    fromTimestamp.put(
        BsonType.DATE_TIME,
        value -> new BsonDateTime(Integer.toUnsignedLong(value.asTimestamp().getTime()) * 1000L));
    fromTimestamp.put(BsonType.BOOLEAN, value -> BsonBoolean.TRUE);
    table.put(BsonType.TIMESTAMP, fromTimestamp);

    Map<BsonType, UnaryOperator<BsonValue>> fromInt = new EnumMap<>(BsonType.class);
    fromInt.put(BsonType.DOUBLE, value -> new BsonDouble(value.asInt32().getValue()));
    fromInt.put(
        BsonType.STRING, value -> new BsonString(Integer.toString(value.asInt32().getValue())));
    fromInt.put(BsonType.BOOLEAN, truth);
    fromInt.put(BsonType.INT32, identity);
    fromInt.put(BsonType.INT64, value -> new BsonInt64(value.asInt32().getValue()));
    fromInt.put(BsonType.DECIMAL128, value -> new BsonDecimal128(NumericCoercion.toDecimal(value)));
    table.put(BsonType.INT32, fromInt);

    Map<BsonType, UnaryOperator<BsonValue>> fromLong = new EnumMap<>(BsonType.class);
    fromLong.put(BsonType.DOUBLE, value -> new BsonDouble(value.asInt64().getValue()));
    fromLong.put(
        BsonType.STRING, value -> new BsonString(Long.toString(value.asInt64().getValue())));
    fromLong.put(BsonType.BOOLEAN, truth);
    fromLong.put(BsonType.DATE_TIME, ValueConversions::numberToDate);
    fromLong.put(BsonType.INT32, ValueConversions::longToInt);
    fromLong.put(BsonType.INT64, identity);
    fromLong.put(
        BsonType.DECIMAL128, value -> new BsonDecimal128(NumericCoercion.toDecimal(value)));
    table.put(BsonType.INT64, fromLong);

    Map<BsonType, UnaryOperator<BsonValue>> fromDecimal = new EnumMap<>(BsonType.class);
    fromDecimal.put(
        BsonType.DOUBLE, value -> new BsonDouble(decimalToDouble(value.asDecimal128().getValue())));
    fromDecimal.put(
        BsonType.STRING, value -> new BsonString(value.asDecimal128().getValue().toString()));
    fromDecimal.put(BsonType.BOOLEAN, truth);
    fromDecimal.put(BsonType.DATE_TIME, ValueConversions::numberToDate);
    fromDecimal.put(
        BsonType.INT32,
        value -> new BsonInt32((int) decimalToInteger(value.asDecimal128().getValue(), true)));
    fromDecimal.put(
        BsonType.INT64,
        value -> new BsonInt64(decimalToInteger(value.asDecimal128().getValue(), false)));
    fromDecimal.put(BsonType.DECIMAL128, identity);
    table.put(BsonType.DECIMAL128, fromDecimal);

    for (BsonType alwaysTrue :
        new BsonType[] {
          BsonType.DOCUMENT,
          BsonType.ARRAY,
          BsonType.BINARY,
          BsonType.REGULAR_EXPRESSION,
          BsonType.DB_POINTER,
          BsonType.JAVASCRIPT,
          BsonType.SYMBOL,
          BsonType.JAVASCRIPT_WITH_SCOPE,
          BsonType.MIN_KEY,
          BsonType.MAX_KEY
        }) {
      table.put(alwaysTrue, Map.of(BsonType.BOOLEAN, value -> BsonBoolean.TRUE));
    }
    return table;
  }

  /** A double as {@code $toString} writes it: {@code %g}, with MongoDB's names of the specials. */
  private static String doubleText(double value) {
    if (Double.isInfinite(value)) {
      return value < 0 ? "-Infinity" : "Infinity";
    }
    if (Double.isNaN(value)) {
      return "NaN";
    }
    return DoubleText.printfG(value);
  }

  private static void checkFinite(double value) {
    if (Double.isNaN(value)) {
      throw failure("Attempt to convert NaN value to integer type" + NO_ON_ERROR);
    }
    if (Double.isInfinite(value)) {
      throw failure("Attempt to convert infinity value to integer type" + NO_ON_ERROR);
    }
  }

  private static int doubleToInt(double value) {
    checkFinite(value);
    if (!(value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE)) {
      throw overflow(DoubleText.printfG(value));
    }
    return (int) value;
  }

  private static long doubleToLong(double value) {
    checkFinite(value);
    if (!(value >= -0x1p63 && value < 0x1p63)) {
      throw overflow(DoubleText.printfG(value));
    }
    return (long) value;
  }

  private static MongoLakeException overflow(String value) {
    return failure("Conversion would overflow target type" + NO_ON_ERROR + ": " + value);
  }

  private static BsonValue longToInt(BsonValue value) {
    long number = value.asInt64().getValue();
    if (number != (int) number) {
      // MongoDB's message ends with the separator and no value.
      throw overflow("");
    }
    return new BsonInt32((int) number);
  }

  /** Truncated toward zero; NaN, infinities and values out of range fail. */
  private static long decimalToInteger(Decimal128 decimal, boolean toInt) {
    if (decimal.isNaN()) {
      throw failure("Attempt to convert NaN value to integer type" + NO_ON_ERROR);
    }
    if (decimal.isInfinite()) {
      throw failure("Attempt to convert infinity value to integer type" + NO_ON_ERROR);
    }
    BigDecimal whole = DecimalArithmetic.value(decimal).setScale(0, java.math.RoundingMode.DOWN);
    int bits = whole.toBigInteger().bitLength();
    if (bits >= (toInt ? 32 : 64)) {
      throw overflow(decimal.toString());
    }
    return whole.longValueExact();
  }

  /** Half to even; fails when the value overflows or underflows a double. */
  private static double decimalToDouble(Decimal128 decimal) {
    if (decimal.isNaN()) {
      return Double.NaN;
    }
    if (decimal.isInfinite()) {
      return decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    BigDecimal exact = DecimalArithmetic.value(decimal);
    double result = exact.doubleValue();
    boolean tiny = Math.abs(result) < Double.MIN_NORMAL && exact.signum() != 0;
    if (Double.isInfinite(result) || (tiny && new BigDecimal(result).compareTo(exact) != 0)) {
      throw overflow(decimal.toString());
    }
    return result == 0 && decimal.isNegative() ? -0.0 : result;
  }

  private static BsonValue numberToDate(BsonValue value) {
    return new BsonDateTime(
        switch (value.getBsonType()) {
          case INT64 -> value.asInt64().getValue();
          case DOUBLE -> doubleToLong(value.asDouble().getValue());
          default -> decimalToInteger(value.asDecimal128().getValue(), false);
        });
  }
}
