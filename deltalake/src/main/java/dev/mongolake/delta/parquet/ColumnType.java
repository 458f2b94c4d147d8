package dev.mongolake.delta.parquet;

import java.util.Locale;
import org.bson.BsonValue;

/**
 * The scalar type of a promoted column, as written in a schema config ({@code "string"}, {@code
 * "timestamp"}, ...). A document value fits a column when it has the column's BSON type, or a
 * narrower numeric type that converts exactly (an Int32 fits {@code long}; an Int32 or Int64 that a
 * double represents exactly fits {@code double}). A value that does not fit leaves the column null
 * for that document; the Variant column always holds the exact value.
 */
public enum ColumnType {
  /** UTF-8 string: Parquet {@code BINARY (STRING)}. */
  STRING,
  /** Int32: Parquet {@code INT32}. */
  INT,
  /** Int64 (Int32 widened): Parquet {@code INT64}. */
  LONG,
  /** Double (exact Int32/Int64 widened): Parquet {@code DOUBLE}. */
  DOUBLE,
  /** Boolean: Parquet {@code BOOLEAN}. */
  BOOL,
  /** BSON date: Parquet {@code INT64 TIMESTAMP(MICROS, UTC)}, which Delta calls timestamp. */
  TIMESTAMP;

  private static final long MAX_MILLIS_AS_MICROS = Long.MAX_VALUE / 1000;

  /** The config name: lower case ({@code "string"}, {@code "timestamp"}, ...). */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The type a config names; {@code "int32"}, {@code "int64"}, {@code "boolean"} and {@code "date"}
   * are accepted aliases.
   *
   * @throws IllegalArgumentException for an unknown name
   */
  public static ColumnType fromConfigName(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "string" -> STRING;
      case "int", "int32" -> INT;
      case "long", "int64" -> LONG;
      case "double" -> DOUBLE;
      case "bool", "boolean" -> BOOL;
      case "timestamp", "date" -> TIMESTAMP;
      default ->
          throw new IllegalArgumentException(
              "Cannot promote column: unknown type '"
                  + name
                  + "' (expected string, int, long, double, bool or timestamp)");
    };
  }

  /** Whether {@code value} can be stored in a column of this type without loss. */
  public boolean fits(BsonValue value) {
    return switch (this) {
      case STRING -> value.isString();
      case INT -> value.isInt32();
      case LONG -> value.isInt32() || value.isInt64();
      case DOUBLE ->
          value.isDouble()
              || value.isInt32()
              || (value.isInt64()
                  && (long) (double) value.asInt64().getValue() == value.asInt64().getValue()
                  && value.asInt64().getValue() != Long.MAX_VALUE);
      case BOOL -> value.isBoolean();
      case TIMESTAMP ->
          value.isDateTime()
              && value.asDateTime().getValue() >= -MAX_MILLIS_AS_MICROS
              && value.asDateTime().getValue() <= MAX_MILLIS_AS_MICROS;
    };
  }
}
