package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonNesting;
import dev.mongolake.update.internal.DollarFields;
import java.nio.ByteBuffer;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * Checks documents before they are stored, with MongoDB's errors: {@code _id}, field names, nesting
 * ({@link BsonNesting#MAX_STORED_DEPTH} levels, counted as MongoDB counts them) and size.
 */
final class DocumentChecks {

  /** MongoDB's {@code maxBsonObjectSize}. */
  static final int MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

  // MongoDB's messages: src/mongo/db/ops/insert.cpp, src/mongo/db/update/storage_validation.cpp.
  private static final String TOO_DEEP_TO_INSERT =
      "cannot insert document because it exceeds "
          + BsonNesting.MAX_STORED_DEPTH
          + " levels of nesting";
  private static final String TOO_DEEP_TO_UPDATE =
      "Document exceeds maximum nesting depth of " + BsonNesting.MAX_STORED_DEPTH;

  private DocumentChecks() {}

  /** The document to store: {@code _id} first (generated if absent), checked for size and names. */
  static BsonDocument prepareForInsert(BsonDocument document) {
    // First: copying the fields of a raw document decodes it whole, with org.bson's recursion.
    checkDepth(document, TOO_DEEP_TO_INSERT);
    BsonDocument prepared = new BsonDocument();
    BsonValue id = document.get("_id");
    prepared.put("_id", id == null ? new BsonObjectId() : id);
    for (var entry : document.entrySet()) {
      if (!entry.getKey().equals("_id")) {
        prepared.put(entry.getKey(), entry.getValue());
      }
    }
    checkFieldsAndSize(prepared);
    return prepared;
  }

  /** Checks a document version an update is about to store. */
  static void check(BsonDocument document) {
    checkDepth(document, TOO_DEEP_TO_UPDATE);
    checkFieldsAndSize(document);
  }

  /**
   * Checks the nesting before anything else reads the document: the other checks recurse into it (a
   * raw document's {@code keySet} decodes it whole), this walk stops one level past the limit.
   *
   * @param tooDeep the message, which MongoDB words per write
   */
  private static void checkDepth(BsonDocument document, String tooDeep) {
    if (BsonNesting.storedLevels(document, BsonNesting.MAX_STORED_DEPTH)
        > BsonNesting.MAX_STORED_DEPTH) {
      throw new MongoLakeException(ErrorCode.OVERFLOW, tooDeep);
    }
  }

  private static void checkFieldsAndSize(BsonDocument document) {
    // MongoDB 5.0 and later store $-prefixed and dotted field names, top-level ones included; only
    // a document _id may hold no $-prefixed name (src/mongo/db/ops/insert.cpp,
    // storageValidIdField).
    BsonValue id = document.get("_id");
    if (id != null) {
      BsonType type = id.getBsonType();
      if (type == BsonType.ARRAY
          || type == BsonType.REGULAR_EXPRESSION
          || type == BsonType.UNDEFINED) {
        throw new MongoLakeException(
            ErrorCode.INVALID_ID_FIELD, "The '_id' value cannot be of type " + typeName(type));
      }
      if (id.isDocument() && DollarFields.firstIn(id.asDocument()) instanceof String dollar) {
        throw new MongoLakeException(
            ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
            "_id fields may not contain '$'-prefixed fields: "
                + dollar
                + " is not valid for storage.");
      }
    }
    // Encoding costs as much as the log's own encoding of the document, so it is done only when a
    // cheap bound cannot rule the limit out.
    if (sizeBound(document) <= MAX_DOCUMENT_BYTES) {
      return;
    }
    int size = encodedSize(document);
    if (size > MAX_DOCUMENT_BYTES) {
      throw new MongoLakeException(
          ErrorCode.BSON_OBJECT_TOO_LARGE,
          "object to insert too large. size in bytes: "
              + size
              + ", max size: "
              + MAX_DOCUMENT_BYTES);
    }
  }

  private static String typeName(BsonType type) {
    return switch (type) {
      case ARRAY -> "array";
      case REGULAR_EXPRESSION -> "regex";
      default -> "undefined";
    };
  }

  /**
   * At least the document's encoded BSON size, found without encoding it: every string counted at
   * three bytes per UTF-16 unit (UTF-8 never needs more), every array index at ten digits.
   */
  static long sizeBound(BsonDocument document) {
    if (document instanceof org.bson.RawBsonDocument raw) {
      return raw.getByteBuffer().remaining();
    }
    long size = 5; // length prefix and terminating NUL
    for (var entry : document.entrySet()) {
      size += 2 + 3L * entry.getKey().length() + valueBound(entry.getValue());
    }
    return size;
  }

  private static long valueBound(BsonValue value) {
    return switch (value.getBsonType()) {
      case DOCUMENT -> sizeBound(value.asDocument());
      case ARRAY -> {
        long size = 5;
        for (BsonValue element : value.asArray()) {
          size += 2 + 10 + valueBound(element);
        }
        yield size;
      }
      case STRING -> textBound(value.asString().getValue());
      case SYMBOL -> textBound(value.asSymbol().getSymbol());
      case JAVASCRIPT -> textBound(value.asJavaScript().getCode());
      case JAVASCRIPT_WITH_SCOPE ->
          4
              + textBound(value.asJavaScriptWithScope().getCode())
              + sizeBound(value.asJavaScriptWithScope().getScope());
      case BINARY -> 9L + value.asBinary().getData().length;
      case REGULAR_EXPRESSION ->
          3L * value.asRegularExpression().getPattern().length()
              + 3L * value.asRegularExpression().getOptions().length()
              + 2;
      case DB_POINTER -> textBound(value.asDBPointer().getNamespace()) + 12;
      case DECIMAL128 -> 16;
      case DOUBLE, INT64, DATE_TIME, TIMESTAMP -> 8;
      case OBJECT_ID -> 12;
      case INT32 -> 4;
      case BOOLEAN -> 1;
      case NULL, UNDEFINED, MIN_KEY, MAX_KEY, END_OF_DOCUMENT -> 0;
    };
  }

  private static long textBound(String text) {
    return 5 + 3L * text.length();
  }

  static int encodedSize(BsonDocument document) {
    if (document instanceof org.bson.RawBsonDocument raw) {
      ByteBuffer bytes = raw.getByteBuffer().asNIO();
      return bytes.remaining();
    }
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      new BsonDocumentCodec().encode(writer, document, EncoderContext.builder().build());
    }
    return buffer.getPosition();
  }
}
