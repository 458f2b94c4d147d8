package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.CompiledExprEvaluator;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import java.util.function.Supplier;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Parses filters for the engine, turning the query library's errors into MongoDB's codes. */
public final class QueryErrors {

  private QueryErrors() {}

  /**
   * Parses a filter; a malformed one fails with the query library's MongoDB code. Its {@code $expr}
   * clauses are compiled here, with {@code $$NOW} the time of the call and no {@code let}.
   */
  public static Filter parseFilter(BsonDocument filter) {
    return parseFilter(filter, Collation.SIMPLE);
  }

  /**
   * Parses a filter whose comparisons of strings, {@code $expr} clauses included, follow {@code
   * collation}; its {@code $expr} clauses are compiled here, with {@code $$NOW} the time of the
   * call and no {@code let}.
   */
  public static Filter parseFilter(BsonDocument filter, Collation collation) {
    BsonDateTime now = new BsonDateTime(System.currentTimeMillis());
    return parseFilter(filter, collation, VariableScope.root(), () -> new Variables(now));
  }

  /**
   * Parses a filter whose {@code $expr} clauses see the variables of {@code scope}, under the
   * simple collation.
   *
   * @param variables fresh variables for one evaluation, with the scope's values bound
   */
  public static Filter parseFilter(
      BsonDocument filter, VariableScope scope, Supplier<Variables> variables) {
    return parseFilter(filter, Collation.SIMPLE, scope, variables);
  }

  /**
   * Parses a filter whose comparisons of strings follow {@code collation} (its field predicates and
   * its {@code $expr} clauses alike) and whose {@code $expr} clauses see the variables of {@code
   * scope}.
   *
   * @param variables fresh variables for one evaluation, with the scope's values bound
   */
  public static Filter parseFilter(
      BsonDocument filter,
      Collation collation,
      VariableScope scope,
      Supplier<Variables> variables) {
    Filter parsed;
    try {
      parsed = Filter.parse(filter, collation);
    } catch (QueryException e) {
      throw translate(e);
    }
    return CompiledExprEvaluator.install(parsed, scope, variables);
  }

  /**
   * Parses a {@code collation} option (see {@link Collation#parse}), failing with its MongoDB code.
   */
  public static Collation parseCollation(BsonValue specification) {
    try {
      return Collation.parse(specification);
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

  /**
   * The engine error with the same MongoDB code as the query error. The switch names every query
   * error code, so a code added to the filter language without a place here does not compile,
   * instead of reaching clients as another code.
   */
  public static MongoLakeException translate(QueryException e) {
    ErrorCode mapped =
        switch (e.errorCode()) {
          case BAD_VALUE -> ErrorCode.BAD_VALUE;
          case FAILED_TO_PARSE -> ErrorCode.FAILED_TO_PARSE;
          case TYPE_MISMATCH -> ErrorCode.TYPE_MISMATCH;
          case OVERFLOW -> ErrorCode.OVERFLOW;
          case QUERY_FEATURE_NOT_ALLOWED -> ErrorCode.QUERY_FEATURE_NOT_ALLOWED;
          case NOT_IMPLEMENTED -> ErrorCode.NOT_IMPLEMENTED;
          case INCOMPATIBLE_COLLATION_VERSION -> ErrorCode.INCOMPATIBLE_COLLATION_VERSION;
          case IDL_MISSING_FIELD -> ErrorCode.IDL_MISSING_FIELD;
          case IDL_UNKNOWN_FIELD -> ErrorCode.IDL_UNKNOWN_FIELD;
          case IDL_OUT_OF_RANGE -> ErrorCode.LOCATION_51024;
          case REGEX_OPTIONS_IN_BOTH_REGEX_FIRST -> ErrorCode.REGEX_OPTIONS_IN_BOTH_REGEX_FIRST;
          case REGEX_OPTIONS_IN_BOTH_OPTIONS_FIRST -> ErrorCode.REGEX_OPTIONS_IN_BOTH_OPTIONS_FIRST;
          case INVALID_REGEX -> ErrorCode.INVALID_REGEX;
          case INVALID_REGEX_OPTION -> ErrorCode.INVALID_REGEX_OPTION;
        };
    return new MongoLakeException(mapped, e.getMessage(), e);
  }
}
