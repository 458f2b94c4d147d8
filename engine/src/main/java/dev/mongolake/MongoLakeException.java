package dev.mongolake;

import dev.mongolake.delta.query.QueryException;
import dev.mongolake.internal.engine.QueryErrors;

/**
 * The one exception MongoLake's engine and server raise to clients: a message plus MongoDB's error
 * code. The wire layer turns it into {@code {ok: 0, errmsg, code, codeName}}; embedded callers read
 * {@link #errorCode()}.
 */
public class MongoLakeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;

  public MongoLakeException(ErrorCode errorCode, String message) {
    super(message);
    this.errorCode = errorCode;
  }

  public MongoLakeException(ErrorCode errorCode, String message, Throwable cause) {
    super(message, cause);
    this.errorCode = errorCode;
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
}
