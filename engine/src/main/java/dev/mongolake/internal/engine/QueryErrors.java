package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.QueryException;
import java.util.Arrays;
import org.bson.BsonDocument;

/** Parses filters for the engine, turning the query library's errors into MongoDB's codes. */
public final class QueryErrors {

  private QueryErrors() {}

  /** Parses a filter; a malformed one fails with the query library's MongoDB code. */
  public static Filter parseFilter(BsonDocument filter) {
    try {
      return Filter.parse(filter);
    } catch (QueryException e) {
      throw translate(e);
    }
  }

  /** Matches, translating evaluation errors (for example an unsupported {@code $expr}). */
  public static boolean matches(Filter filter, BsonDocument document) {
    try {
      return filter.matches(document);
    } catch (QueryException e) {
      throw translate(e);
    }
  }

  /** The engine error with the same MongoDB code as the query error. */
  public static MongoLakeException translate(QueryException e) {
    int code = e.errorCode().code();
    ErrorCode mapped =
        Arrays.stream(ErrorCode.values())
            .filter(c -> c.code() == code)
            .findFirst()
            .orElse(ErrorCode.BAD_VALUE);
    return new MongoLakeException(mapped, e.getMessage(), e);
  }
}
