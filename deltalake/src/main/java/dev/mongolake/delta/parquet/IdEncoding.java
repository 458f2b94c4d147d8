package dev.mongolake.delta.parquet;

import org.bson.BsonValue;

/**
 * How a document file stores {@code _id}. A file whose {@code _id}s all share one BSON type gets a
 * typed column; a file with mixed types gets {@link #KEY}. Every encoding keeps Parquet's ordering
 * (and so min/max statistics and pruning) equal to MongoDB's order of the {@code _id}s.
 */
public enum IdEncoding {
  /**
   * ObjectId as its 24-character lower-case hex string: sorts like the 12 bytes, reads anywhere.
   */
  OBJECT_ID,
  /**
   * String as a Parquet {@code STRING}: only well-formed text (a lone UTF-16 surrogate does not
   * survive UTF-8, so such a string needs {@link #KEY}).
   */
  STRING,
  /** Int32 as Parquet {@code INT32}. */
  INT32,
  /** Int64 as Parquet {@code INT64}. */
  INT64,
  /**
   * Any BSON value as an order-preserving binary key: a type-bracket byte in MongoDB's comparison
   * order (MinKey, null, numbers, strings, documents, arrays, binary, ObjectId, boolean, date,
   * timestamp, regex, MaxKey), then a body that sorts like the value, compared as unsigned bytes.
   * Numbers of different types sort by numeric value (Decimal128 by its nearest double, then
   * exactly among equal doubles only for Int64). Documents and arrays as {@code _id} sort by their
   * BSON bytes, not by MongoDB's element-wise order.
   */
  KEY;

  /** The typed encoding for a value's BSON type, or {@link #KEY} when there is none. */
  public static IdEncoding forValue(BsonValue id) {
    return switch (id.getBsonType()) {
      case OBJECT_ID -> OBJECT_ID;
      case STRING -> ColumnExactness.wellFormed(id.asString().getValue()) ? STRING : KEY;
      case INT32 -> INT32;
      case INT64 -> INT64;
      default -> KEY;
    };
  }

  /** Whether this encoding can store {@code id}. */
  public boolean fits(BsonValue id) {
    return this == KEY || forValue(id) == this;
  }
}
