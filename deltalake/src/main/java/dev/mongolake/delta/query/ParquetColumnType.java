package dev.mongolake.delta.query;

/**
 * The Parquet type of a pushdown column and the BSON values it holds. The document file layer's
 * column types map as: string to {@link #STRING}, int to {@link #INT32}, long to {@link #INT64},
 * double to {@link #DOUBLE}, bool to {@link #BOOLEAN}, timestamp to {@link #TIMESTAMP_MICROS}; an
 * {@code _id} stored as ObjectId hex to {@link #OBJECT_ID_HEX}.
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
  TIMESTAMP_MICROS,
  /** BINARY (UTF8): ObjectIds as 24-character lower-case hex strings (ordered like the bytes). */
  OBJECT_ID_HEX
}
