package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonNumber;
import org.bson.BsonValue;

/**
 * A capped collection's bounds, as its options hold them ({@code capped: true, size, max}): at most
 * {@code size} bytes of documents (the sum of their BSON sizes) and, when {@code max} is set, at
 * most {@code max} documents. An insert that passes either removes the oldest documents.
 *
 * <p>MongoDB 8.0's rules: {@code size} is required with {@code capped} and kept as given (the
 * rounding to 256-byte multiples ended with 6.2's relaxed capped sizes), from 1 byte to 1 PB;
 * {@code max} is below 2^31, and zero or negative means no document limit (stored as 2^31 - 1).
 *
 * @param size the most bytes the documents may take
 * @param max the most documents, or 0 for no limit beyond the size
 */
public record CappedOptions(long size, long max) {

  /** The option names {@code create} takes for a capped collection, in MongoDB's stored order. */
  public static final List<String> CREATE_OPTIONS = List.of("capped", "size", "max");

  /** The names {@code collMod} changes them by. */
  public static final List<String> MODIFY_OPTIONS = List.of("cappedSize", "cappedMax");

  /** MongoDB's largest capped size: 1 PB. */
  static final long MAX_SIZE = 1L << 50;

  /** Stored for a {@code max} of zero or less: MongoDB's "no document limit". */
  static final long UNLIMITED_DOCUMENTS = Integer.MAX_VALUE;

  private static final String NUMBER_TYPES = "'[long, int, decimal, double']";

  /** The bounds stored options give, or null for a collection that is not capped. */
  public static CappedOptions of(BsonDocument options) {
    if (!(options.get("capped") instanceof BsonBoolean capped) || !capped.getValue()) {
      return null;
    }
    long size = options.getNumber("size", new BsonInt64(MAX_SIZE)).longValue();
    long max = options.isNumber("max") ? options.getNumber("max").longValue() : 0;
    return new CappedOptions(size, max);
  }

  /** Whether {@code documents} documents of {@code bytes} in all pass these bounds. */
  boolean exceededBy(long documents, long bytes) {
    return bytes > size || (max > 0 && documents > max);
  }

  /**
   * {@code create}'s capped options checked as MongoDB 8.0 checks them and stored as it stores
   * them: {@code {capped: true, size, max}} (max only when given), or empty for a collection that
   * is not capped. Types first, then the ranges, then the rules between the fields.
   *
   * @throws MongoLakeException TypeMismatch for a wrong type, Location51024 for a value out of
   *     range, InvalidOptions for {@code capped} without {@code size} or {@code size}/{@code max}
   *     without {@code capped}
   */
  public static BsonDocument forCreate(BsonDocument options) {
    BsonValue capped = given(options, "capped");
    if (capped != null && !capped.isBoolean() && !capped.isNumber() && !capped.isDecimal128()) {
      throw wrongType("create.capped", capped, "'[bool, long, int, decimal, double']");
    }
    BsonValue size = given(options, "size");
    BsonValue max = given(options, "max");
    Long sizeValue = size == null ? null : number("create.size", size);
    Long maxValue = max == null ? null : number("create.max", max);
    if (sizeValue != null) {
      checkSize("size", sizeValue);
    }
    if (maxValue != null) {
      checkMax("max", maxValue);
    }
    boolean isCapped = capped != null && truthy(capped);
    if (isCapped && sizeValue == null) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "the 'size' field is required when 'capped' is true");
    }
    if ((sizeValue != null || maxValue != null) && !isCapped) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "the 'capped' field needs to be true when either the 'size' or 'max' fields are present");
    }
    BsonDocument stored = new BsonDocument();
    if (isCapped) {
      stored.append("capped", BsonBoolean.TRUE).append("size", stored(sizeValue));
      if (maxValue != null) {
        stored.append("max", stored(adjustedMax(maxValue)));
      }
    }
    return stored;
  }

  /**
   * {@code collMod}'s {@code cappedSize} and {@code cappedMax} checked as MongoDB checks them, as
   * the stored {@code size} and {@code max} they set (empty when neither is given).
   *
   * @throws MongoLakeException TypeMismatch or Location51024 for a wrong value
   */
  public static BsonDocument forModify(BsonDocument changes) {
    BsonDocument stored = new BsonDocument();
    BsonValue size = given(changes, "cappedSize");
    if (size != null) {
      long value = number("collMod.cappedSize", size);
      checkSize("cappedSize", value);
      stored.append("size", stored(value));
    }
    BsonValue max = given(changes, "cappedMax");
    if (max != null) {
      long value = number("collMod.cappedMax", max);
      checkMax("cappedMax", value);
      stored.append("max", stored(adjustedMax(value)));
    }
    return stored;
  }

  /** The option's value, or null when it is absent or null (MongoDB reads null as absent). */
  private static BsonValue given(BsonDocument options, String name) {
    BsonValue value = options.get(name);
    return value == null || value instanceof BsonNull ? null : value;
  }

  private static boolean truthy(BsonValue value) {
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    if (value.isDecimal128()) {
      var decimal = value.asDecimal128().getValue();
      return decimal.isNaN() || decimal.isInfinite() || decimal.bigDecimalValue().signum() != 0;
    }
    return value.asNumber().doubleValue() != 0;
  }

  /** A number as MongoDB's safe 64-bit conversion reads it (fractions truncated, NaN as 0). */
  private static long number(String field, BsonValue value) {
    if (value instanceof BsonNumber number && !value.isDecimal128()) {
      return value.isDouble() ? (long) value.asDouble().getValue() : number.longValue();
    }
    if (value.isDecimal128()) {
      var decimal = value.asDecimal128().getValue();
      if (decimal.isNaN()) {
        return 0;
      }
      if (decimal.isInfinite()) {
        return decimal.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
      return (long) decimal.bigDecimalValue().doubleValue();
    }
    throw wrongType(field, value, NUMBER_TYPES);
  }

  private static void checkSize(String field, long value) {
    if (value < 1) {
      throw outOfRange(field, ">= 1", value);
    }
    if (value > MAX_SIZE) {
      throw outOfRange(field, "<= " + MAX_SIZE, value);
    }
  }

  private static void checkMax(String field, long value) {
    if (value >= 1L << 31) {
      throw outOfRange(field, "< " + (1L << 31), value);
    }
  }

  private static long adjustedMax(long max) {
    return max <= 0 ? UNLIMITED_DOCUMENTS : max;
  }

  /** As MongoDB appends a number: an int when it fits, else a long. */
  private static BsonValue stored(long value) {
    return value == (int) value ? new BsonInt32((int) value) : new BsonInt64(value);
  }

  private static MongoLakeException outOfRange(String field, String bound, long value) {
    return new MongoLakeException(
        ErrorCode.LOCATION_51024,
        "BSON field '" + field + "' value must be " + bound + ", actual value '" + value + "'");
  }

  private static MongoLakeException wrongType(String field, BsonValue value, String expected) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + field
            + "' is the wrong type '"
            + BsonTypeNames.of(value)
            + "', expected types "
            + expected);
  }
}
