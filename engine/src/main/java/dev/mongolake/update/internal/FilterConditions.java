package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;

/**
 * Element conditions written in the MongoDB filter language ({@code dev.mongolake.delta.query}):
 * $pull conditions and array filters. Filter errors are re-raised with the same MongoDB code.
 */
public final class FilterConditions {
  /** The field name an element is wrapped under to be matched by a field-less condition. */
  private static final String WRAPPER = "element";

  private FilterConditions() {}

  /**
   * An array filter parsed as MongoDB parses it, before it looks for the filter's identifier:
   * without the filter language's special features ({@code $expr}, {@code $jsonSchema}: {@code
   * QueryFeatureNotAllowed}), its errors prefixed {@code "Error parsing array filter :: caused by
   * :: "}.
   */
  public static Filter arrayFilter(BsonDocument filter) {
    return arrayFilter(filter, Collation.SIMPLE);
  }

  /** {@link #arrayFilter(BsonDocument)} comparing strings by {@code collation}. */
  public static Filter arrayFilter(BsonDocument filter, Collation collation) {
    try {
      return Filter.parseWithoutSpecialFeatures(filter, collation);
    } catch (QueryException e) {
      MongoLakeException translated = translate(e);
      throw new MongoLakeException(
          translated.errorCode(),
          "Error parsing array filter :: caused by :: " + e.getMessage(),
          e);
    }
  }

  /**
   * A matcher for {@code {identifier: element}} documents: an array filter such as {@code
   * {"x.grade": {$gte: 85}}} selects the elements {@code e} for which {@code {x: e}} matches.
   */
  public static ElementMatcher underIdentifier(String identifier, Filter filter) {
    return element -> matches(filter, new BsonDocument(identifier, element));
  }

  /** A matcher for the elements a regular expression matches, as a filter on the element. */
  public static ElementMatcher ofPattern(BsonRegularExpression pattern) {
    Filter parsed =
        parse(() -> Filter.parseWithoutSpecialFeatures(new BsonDocument(WRAPPER, pattern)));
    return element -> matches(parsed, new BsonDocument(WRAPPER, element));
  }

  /**
   * A matcher for a field-less condition ({@code {$gte: 6}}, {@code {$in: [...]}}) applied to the
   * element itself.
   */
  public static ElementMatcher ofOperators(BsonDocument condition) {
    return ofOperators(condition, Collation.SIMPLE);
  }

  /** {@link #ofOperators(BsonDocument)} comparing strings by {@code collation}. */
  public static ElementMatcher ofOperators(BsonDocument condition, Collation collation) {
    Filter parsed =
        parse(
            () ->
                Filter.parseWithoutSpecialFeatures(
                    new BsonDocument(WRAPPER, condition), collation));
    return element -> matches(parsed, new BsonDocument(WRAPPER, element));
  }

  /**
   * A matcher that applies a query to document elements ({@code {score: 8, item: "B"}}); elements
   * that are not documents never match.
   */
  public static ElementMatcher ofQuery(BsonDocument query) {
    return ofQuery(query, Collation.SIMPLE);
  }

  /** {@link #ofQuery(BsonDocument)} comparing strings by {@code collation}. */
  public static ElementMatcher ofQuery(BsonDocument query, Collation collation) {
    Filter parsed = parse(() -> Filter.parseWithoutSpecialFeatures(query, collation));
    return element -> element.isDocument() && matches(parsed, element.asDocument());
  }

  /**
   * Parses a {@code $pull} condition as MongoDB's {@code PullNode} does, banning the filter
   * language's special features: {@code $expr} and {@code $jsonSchema} fail with
   * QueryFeatureNotAllowed, {@code $where} with BadValue.
   */
  private static Filter parse(Supplier<Filter> parser) {
    Filter parsed;
    try {
      parsed = parser.get();
    } catch (QueryException e) {
      throw translate(e);
    }
    if (parsed.hasJsonSchema()) {
      throw new MongoLakeException(
          ErrorCode.QUERY_FEATURE_NOT_ALLOWED, "$jsonSchema is not allowed in this context");
    }
    return parsed;
  }

  private static boolean matches(Filter filter, BsonDocument document) {
    try {
      return filter.matches(document);
    } catch (QueryException e) {
      throw translate(e);
    }
  }

  /** The engine's exception for a filter error, keeping MongoDB's code where the engine has it. */
  public static MongoLakeException translate(QueryException e) {
    ErrorCode code = ErrorCode.BAD_VALUE;
    for (ErrorCode candidate : ErrorCode.values()) {
      if (candidate.code() == e.code()) {
        code = candidate;
      }
    }
    return new MongoLakeException(code, e.getMessage(), e);
  }
}
