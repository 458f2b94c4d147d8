package dev.mongolake.delta.query.internal.schema;

import org.bson.BsonType;
import org.bson.BsonValue;

/** The types a restriction keyword applies to; values of other types (or missing) pass it. */
enum Restriction {
  NUMBER,
  STRING,
  ARRAY,
  OBJECT;

  /** Whether the keyword applies to {@code value} (null when missing). */
  boolean appliesTo(BsonValue value) {
    if (value == null) {
      return false;
    }
    BsonType type = value.getBsonType();
    return switch (this) {
      case NUMBER ->
          type == BsonType.INT32
              || type == BsonType.INT64
              || type == BsonType.DOUBLE
              || type == BsonType.DECIMAL128;
      case STRING -> type == BsonType.STRING;
      case ARRAY -> type == BsonType.ARRAY;
      case OBJECT -> type == BsonType.DOCUMENT;
    };
  }
}
