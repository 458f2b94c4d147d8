package dev.mongolake.delta.query;

/**
 * The Parquet type of a promoted column, as the pushdown needs it, and the BSON values it holds.
 */
public enum ParquetColumnType {
  /** BINARY (UTF8): BSON strings. */
  STRING,
  /** INT32: BSON numbers with an integral value in the int range. */
  INT32,
  /** INT64: BSON numbers with an integral value in the long range. */
  INT64,
  /** DOUBLE: BSON numbers (doubles, and integers exactly representable as doubles). */
  DOUBLE,
  /** BOOLEAN: BSON booleans. */
  BOOLEAN,
  /** INT64 TIMESTAMP(MILLIS, UTC): BSON dates. */
  TIMESTAMP_MILLIS,
  /** INT64 TIMESTAMP(MICROS, UTC): BSON dates, stored as milliseconds times 1000. */
  TIMESTAMP_MICROS
}
