package dev.mongolake;

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

  /** The MongoDB error code this failure is reported with. */
  public ErrorCode errorCode() {
    return errorCode;
  }
}
