package dev.mongolake;

import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.internal.read.QueryErrors;
import org.bson.BsonDocument;

/**
 * The one exception MongoLake's engine and server raise to clients: a message plus MongoDB's error
 * code. The wire layer turns it into {@code {ok: 0, errmsg, code, codeName}}; embedded callers read
 * {@link #errorCode()}. Some errors carry structured detail beside the message ({@link
 * #errorInfo()}, MongoDB's {@code ErrorExtraInfo}), which the wire layer adds to the error
 * document.
 */
public class MongoLakeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;
  private final transient BsonDocument errorInfo;

  public MongoLakeException(ErrorCode errorCode, String message) {
    this(errorCode, message, new BsonDocument());
  }

  public MongoLakeException(ErrorCode errorCode, String message, Throwable cause) {
    super(message, cause);
    this.errorCode = errorCode;
    this.errorInfo = new BsonDocument();
  }

  /**
   * An error with structured detail: the fields of {@code errorInfo} (for a duplicate key, {@code
   * keyPattern} and {@code keyValue}) go into the error document beside {@code code} and {@code
   * errmsg}.
   */
  public MongoLakeException(ErrorCode errorCode, String message, BsonDocument errorInfo) {
    super(message);
    this.errorCode = errorCode;
    this.errorInfo = errorInfo.clone();
  }

  /**
   * The error a failure of the filter language answers with: the same MongoDB code and message (for
   * callers that use that language directly, as the server does for catalog filters).
   */
  public static MongoLakeException fromQueryError(QueryException e) {
    return QueryErrors.translate(e);
  }

  /** The MongoDB error code this failure is reported with. */
  public ErrorCode errorCode() {
    return errorCode;
  }

  /** The structured detail of this error (a copy; empty when it has none). */
  public BsonDocument errorInfo() {
    return errorInfo == null ? new BsonDocument() : errorInfo.clone();
  }
}
