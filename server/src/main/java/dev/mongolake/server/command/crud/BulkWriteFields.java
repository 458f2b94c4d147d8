package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandArguments;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Typed access to one document of a {@code bulkWrite} request (the command, an operation, an {@code
 * nsInfo} entry), failing as MongoDB 8.0's parser does: {@code BSON field 'bulkWrite.ops.document'
 * is the wrong type 'int', expected type 'object'}. A null value reads as an absent field.
 */
final class BulkWriteFields {

  private static final String NUMBER_TYPES = "[long, int, decimal, double]";

  private final String path;
  private final BsonDocument body;

  /**
   * @param path how messages name the document's fields ({@code bulkWrite.ops})
   */
  BulkWriteFields(String path, BsonDocument body) {
    this.path = path;
    this.body = body;
  }

  /** MongoDB's error for a required field that is absent. */
  static MongoLakeException missing(String field) {
    return new MongoLakeException(
        ErrorCode.IDL_MISSING_FIELD, "BSON field '" + field + "' is missing but a required field");
  }

  /** MongoDB's error for a field of the wrong type. */
  static MongoLakeException wrongType(String field, BsonValue value, String expected) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + field
            + "' is the wrong type '"
            + CommandArguments.typeName(value)
            + "', expected "
            + (expected.startsWith("[") ? "types '" : "type '")
            + expected
            + "'");
  }

  /** {@code value}, which must be a document, named {@code field} in messages. */
  static BsonDocument document(BsonValue value, String field) {
    if (!value.isDocument()) {
      throw wrongType(field, value, "object");
    }
    return value.asDocument();
  }

  private BsonValue get(String name) {
    BsonValue value = body.get(name);
    return value == null || value.isNull() ? null : value;
  }

  BsonDocument requiredDocument(String name) {
    BsonValue value = get(name);
    if (value == null) {
      throw missing(path + "." + name);
    }
    return document(value, path + "." + name);
  }

  /** The document, or null when absent. */
  BsonDocument optionalDocument(String name) {
    BsonValue value = get(name);
    return value == null ? null : document(value, path + "." + name);
  }

  /** The array, or null when absent. */
  BsonArray array(String name) {
    BsonValue value = get(name);
    if (value == null) {
      return null;
    }
    if (!value.isArray()) {
      throw wrongType(path + "." + name, value, "array");
    }
    return value.asArray();
  }

  String requiredString(String name) {
    BsonValue value = get(name);
    if (value == null) {
      throw missing(path + "." + name);
    }
    if (!value.isString()) {
      throw wrongType(path + "." + name, value, "string");
    }
    return value.asString().getValue();
  }

  /** A flag, false when absent; only a boolean is one. */
  boolean bool(String name) {
    return bool(name, false);
  }

  /** A flag, {@code fallback} when absent; only a boolean is one. */
  boolean bool(String name, boolean fallback) {
    BsonValue value = get(name);
    if (value == null) {
      return fallback;
    }
    if (!value.isBoolean()) {
      throw wrongType(path + "." + name, value, "bool");
    }
    return value.asBoolean().getValue();
  }

  /**
   * A flag, {@code fallback} when absent, that may also be a number (MongoDB's {@code safeBool}).
   */
  boolean safeBool(String name, boolean fallback) {
    BsonValue value = get(name);
    if (value == null) {
      return fallback;
    }
    if (value.isNumber()) {
      return value.asNumber().doubleValue() != 0;
    }
    return bool(name, fallback);
  }

  /** The namespace index an operation of this {@code kind} names: a number, at least 0. */
  int nsIndex(String kind) {
    BsonValue value = body.get(kind);
    long index;
    if (value.isNumber()) {
      index = value.asNumber().longValue();
    } else if (value.isDecimal128() && value.asDecimal128().getValue().isFinite()) {
      index = value.asDecimal128().getValue().bigDecimalValue().longValue();
    } else {
      throw wrongType(path + "." + kind, value, NUMBER_TYPES);
    }
    if (index < 0) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "BSON field '" + kind + "' value must be >= 0, actual value '" + index + "'");
    }
    return (int) Math.min(Integer.MAX_VALUE, index);
  }
}
