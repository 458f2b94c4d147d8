package dev.mongolake.delta.exceptions;

import java.util.Objects;

/**
 * A filter that cannot be parsed or evaluated. Carries the MongoDB error code so that the engine
 * reports it exactly as MongoDB would ({@code errmsg} is {@link #getMessage()}).
 */
public final class QueryException extends DeltaException {
  private static final long serialVersionUID = 1L;

  private final QueryErrorCode errorCode;

  public QueryException(QueryErrorCode errorCode, String message) {
    super(message);
    this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
  }

  /** The MongoDB error this failure maps to. */
  public QueryErrorCode errorCode() {
    return errorCode;
  }

  /** MongoDB's numeric code, shorthand for {@code errorCode().code()}. */
  public int code() {
    return errorCode.code();
  }

  /** MongoDB's codeName, shorthand for {@code errorCode().codeName()}. */
  public String codeName() {
    return errorCode.codeName();
  }
}
