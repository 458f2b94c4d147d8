package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A logical session, as a client names it: the {@code id} UUID of the {@code lsid} document drivers
 * attach to every command ({@code {id: UUID("...")}}), and of the entries of {@code endSessions}
 * and {@code killSessions}. A cursor belongs to the session it was opened in; ending or killing the
 * session kills it.
 *
 * @param id the session's UUID
 */
public record LogicalSessionId(UUID id) {

  /**
   * Reads an lsid document, refusing one that is not {@code {id: <UUID>}} as MongoDB's parser does.
   *
   * @param field where the document stands, for messages ({@code OperationSessionInfo.lsid})
   * @throws MongoLakeException TypeMismatch for a value that is not a document or an id that is not
   *     a UUID, IDLFailedToParse (40414) for a document without an id
   */
  public static LogicalSessionId parse(BsonValue value, String field) {
    if (!(value instanceof BsonDocument lsid)) {
      throw wrongType(field, value, "object");
    }
    BsonValue id = lsid.get("id");
    if (id == null) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD,
          "BSON field '" + field + ".id' is missing but a required field");
    }
    if (!(id instanceof BsonBinary binary)
        || binary.getType() != BsonBinarySubType.UUID_STANDARD.getValue()
        || binary.getData().length != 16) {
      throw wrongType(field + ".id", id, "uuid");
    }
    return new LogicalSessionId(binary.asUuid());
  }

  private static MongoLakeException wrongType(String field, BsonValue value, String expected) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + field
            + "' is the wrong type '"
            + CommandArguments.typeName(value)
            + "', expected type '"
            + expected
            + "'");
  }
}
