package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.nio.ByteBuffer;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/** Checks documents before they are stored, with MongoDB's errors. */
final class DocumentChecks {

  /** MongoDB's {@code maxBsonObjectSize}. */
  static final int MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

  private DocumentChecks() {}

  /** The document to store: {@code _id} first (generated if absent), checked for size and names. */
  static BsonDocument prepareForInsert(BsonDocument document) {
    BsonDocument prepared = new BsonDocument();
    BsonValue id = document.get("_id");
    prepared.put("_id", id == null ? new BsonObjectId() : id);
    for (var entry : document.entrySet()) {
      if (!entry.getKey().equals("_id")) {
        prepared.put(entry.getKey(), entry.getValue());
      }
    }
    check(prepared);
    return prepared;
  }

  /** Checks a document version about to be stored. */
  static void check(BsonDocument document) {
    BsonValue id = document.get("_id");
    if (id != null) {
      BsonType type = id.getBsonType();
      if (type == BsonType.ARRAY
          || type == BsonType.REGULAR_EXPRESSION
          || type == BsonType.UNDEFINED) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "The '_id' value cannot be of type " + typeName(type));
      }
    }
    for (String name : document.keySet()) {
      if (name.startsWith("$")) {
        throw new MongoLakeException(
            ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
            "Document can't have $ prefixed field names: " + name);
      }
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
