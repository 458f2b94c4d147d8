package dev.mongolake.delta.order;

import org.bson.BsonType;

/**
 * MongoDB's canonical type classes, declared in comparison order (lowest first). Values of
 * different BSON types in one class (Int32, Int64, Double and Decimal128; String and Symbol)
 * compare by value; values of different classes compare by class. Comparison query operators ($gt,
 * $lt, ...) only match values of the operand's class ("type bracketing").
 */
public enum BsonTypeBracket {
  MIN_KEY,
  UNDEFINED,
  NULL,
  NUMBER,
  STRING,
  DOCUMENT,
  ARRAY,
  BINARY,
  OBJECT_ID,
  BOOLEAN,
  DATE,
  TIMESTAMP,
  REGULAR_EXPRESSION,
  DB_POINTER,
  JAVASCRIPT,
  JAVASCRIPT_WITH_SCOPE,
  MAX_KEY;

  /**
   * The class of a BSON type.
   *
   * @throws IllegalArgumentException for {@link BsonType#END_OF_DOCUMENT}, which is not a value
   */
  public static BsonTypeBracket of(BsonType type) {
    return switch (type) {
      case MIN_KEY -> MIN_KEY;
      case UNDEFINED -> UNDEFINED;
      case NULL -> NULL;
      case INT32, INT64, DOUBLE, DECIMAL128 -> NUMBER;
      case STRING, SYMBOL -> STRING;
      case DOCUMENT -> DOCUMENT;
      case ARRAY -> ARRAY;
      case BINARY -> BINARY;
      case OBJECT_ID -> OBJECT_ID;
      case BOOLEAN -> BOOLEAN;
      case DATE_TIME -> DATE;
      case TIMESTAMP -> TIMESTAMP;
      case REGULAR_EXPRESSION -> REGULAR_EXPRESSION;
      case DB_POINTER -> DB_POINTER;
      case JAVASCRIPT -> JAVASCRIPT;
      case JAVASCRIPT_WITH_SCOPE -> JAVASCRIPT_WITH_SCOPE;
      case MAX_KEY -> MAX_KEY;
      case END_OF_DOCUMENT -> throw new IllegalArgumentException("END_OF_DOCUMENT is not a value");
    };
  }
}
