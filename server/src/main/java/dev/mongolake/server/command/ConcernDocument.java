package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A {@code readConcern} or {@code writeConcern} as MongoDB parses it: a document of known fields.
 */
final class ConcernDocument {

  private ConcernDocument() {}

  /**
   * {@code value} as a document, refusing another type (TypeMismatch) or an unknown field (40415)
   * as MongoDB's parser does.
   */
  static BsonDocument parse(String field, BsonValue value, Set<String> known) {
    if (!value.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '"
              + field
              + "' is the wrong type '"
              + CommandArguments.typeName(value)
              + "', expected type 'object'");
    }
    BsonDocument concern = value.asDocument();
    for (String name : concern.keySet()) {
      if (!known.contains(name)) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '" + field + "." + name + "' is an unknown field.");
      }
    }
    return concern;
  }
}
