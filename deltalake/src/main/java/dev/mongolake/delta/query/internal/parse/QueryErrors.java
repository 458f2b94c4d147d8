package dev.mongolake.delta.query.internal.parse;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;

/** Builds the MongoDB errors the parser raises. */
public final class QueryErrors {
  private QueryErrors() {}

  public static QueryException badValue(String message) {
    return new QueryException(QueryErrorCode.BAD_VALUE, message);
  }

  public static QueryException failedToParse(String message) {
    return new QueryException(QueryErrorCode.FAILED_TO_PARSE, message);
  }

  public static QueryException typeMismatch(String message) {
    return new QueryException(QueryErrorCode.TYPE_MISMATCH, message);
  }

  public static QueryException notImplemented(String message) {
    return new QueryException(QueryErrorCode.NOT_IMPLEMENTED, message);
  }
}
