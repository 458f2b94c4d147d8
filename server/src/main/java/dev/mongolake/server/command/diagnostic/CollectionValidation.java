package dev.mongolake.server.command.diagnostic;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * The outcome of reading every document of a collection and checking it: each must decode, encode
 * back to BSON within MongoDB's 16 MiB document limit, and have a valid {@code _id}.
 *
 * @param records documents read
 * @param invalidDocuments documents that failed a check
 * @param errors what failed, at most {@link #MAX_ERRORS} messages
 */
record CollectionValidation(long records, long invalidDocuments, List<String> errors) {

  /** Messages kept; the count of invalid documents goes on past it. */
  static final int MAX_ERRORS = 100;

  private static final int MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  boolean valid() {
    return errors.isEmpty();
  }

  /**
   * Reads {@code documents} to the end, or up to the first one that cannot be read (the scan cannot
   * go past it, so reading stops with an error).
   */
  static CollectionValidation check(Iterator<BsonDocument> documents) {
    long records = 0;
    long invalid = 0;
    List<String> errors = new ArrayList<>();
    while (true) {
      BsonDocument document;
      try {
        if (!documents.hasNext()) {
          break;
        }
        document = documents.next();
      } catch (RuntimeException e) {
        invalid++;
        add(errors, "Cannot read the document after record " + records + ": " + e.getMessage());
        break;
      }
      records++;
      String problem = problem(document);
      if (problem != null) {
        invalid++;
        add(errors, "Record " + records + " is invalid: " + problem);
      }
    }
    return new CollectionValidation(records, invalid, List.copyOf(errors));
  }

  private static void add(List<String> errors, String message) {
    if (errors.size() < MAX_ERRORS) {
      errors.add(message);
    }
  }

  private static String problem(BsonDocument document) {
    BsonValue id = document.get("_id");
    if (id == null) {
      return "it has no _id";
    }
    if (id.isArray() || id.isRegularExpression() || id.getBsonType() == BsonType.UNDEFINED) {
      return "its _id is of type " + id.getBsonType() + ", which cannot be an _id";
    }
    int size;
    try {
      size = new RawBsonDocument(document, CODEC).getByteBuffer().remaining();
    } catch (RuntimeException e) {
      return "it cannot be encoded as BSON: " + e.getMessage();
    }
    if (size > MAX_DOCUMENT_BYTES) {
      return "it takes " + size + " bytes, over the " + MAX_DOCUMENT_BYTES + "-byte limit";
    }
    return null;
  }
}
