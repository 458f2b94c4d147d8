package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A collection's {@code changeStreamPreAndPostImages: {enabled: <bool>}} option: while it is on,
 * the log records of the collection's updates, replacements and deletes carry the document as it
 * was before (its pre-image), so that change streams can answer {@code fullDocumentBeforeChange}
 * and, for updates, {@code fullDocument: "whenAvailable"/"required"} (the post-image every update
 * record holds anyway).
 */
final class PreAndPostImages {

  static final String OPTION = "changeStreamPreAndPostImages";

  private PreAndPostImages() {}

  /** Whether the option is on in a collection's options. */
  static boolean enabled(BsonDocument options) {
    return options.get(OPTION) instanceof BsonDocument option
        && option.get("enabled") instanceof BsonBoolean enabled
        && enabled.getValue();
  }

  /**
   * The option as {@code command} ({@code create} or {@code collMod}) takes it, checked as
   * MongoDB's parser checks it.
   *
   * @throws MongoLakeException TypeMismatch, IDLFailedToParse for a missing or unknown field
   */
  static BsonDocument check(String command, BsonValue value) {
    String field = command + "." + OPTION;
    if (!(value instanceof BsonDocument option)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '" + field + "' is the wrong type, expected type 'object'");
    }
    for (String name : option.keySet()) {
      if (!name.equals("enabled")) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '" + field + "." + name + "' is an unknown field.");
      }
    }
    if (!option.containsKey("enabled")) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD,
          "BSON field '" + field + ".enabled' is missing but a required field");
    }
    if (!(option.get("enabled") instanceof BsonBoolean enabled)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '" + field + ".enabled' is the wrong type, expected type 'bool'");
    }
    return new BsonDocument("enabled", enabled);
  }
}
