package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Parses {@code arrayFilters}: each filter document names one identifier (the first part of its
 * field names, also inside $and/$or/$nor) and becomes the matcher for {@code $[<identifier>]}.
 */
public final class ArrayFilterSet {
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-zA-Z0-9]*");
  private static final String CAUSED_BY = "Error parsing array filter :: caused by :: ";

  private ArrayFilterSet() {}

  /** The matchers by identifier, in the order given, under the simple collation. */
  public static Map<String, ElementMatcher> parse(List<BsonDocument> filters) {
    return parse(filters, Collation.SIMPLE);
  }

  /**
   * The matchers by identifier, in the order given, comparing strings by {@code collation} (the
   * update command's, as MongoDB parses array filters with it).
   */
  public static Map<String, ElementMatcher> parse(List<BsonDocument> filters, Collation collation) {
    Map<String, ElementMatcher> matchers = new LinkedHashMap<>();
    for (BsonDocument filter : filters) {
      // MongoDB's order: the filter parses, then it must name one identifier.
      Filter parsed = FilterConditions.arrayFilter(filter, collation);
      String identifier = identifierOf(filter);
      if (matchers.containsKey(identifier)) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "Found multiple array filters with the same top-level field name " + identifier);
      }
      matchers.put(identifier, FilterConditions.underIdentifier(identifier, parsed));
    }
    return matchers;
  }

  private static String identifierOf(BsonDocument filter) {
    Set<String> identifiers = new LinkedHashSet<>();
    collectIdentifiers(filter, identifiers);
    if (identifiers.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "Cannot use an expression without a top-level field name in arrayFilters");
    }
    List<String> found = List.copyOf(identifiers);
    if (found.size() > 1) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          CAUSED_BY
              + "Expected a single top-level field name, found '"
              + found.get(0)
              + "' and '"
              + found.get(1)
              + "'");
    }
    String identifier = found.getFirst();
    if (!IDENTIFIER.matcher(identifier).matches()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          CAUSED_BY
              + "The top-level field name must be an alphanumeric string beginning with a"
              + " lowercase letter, found '"
              + identifier
              + "'");
    }
    return identifier;
  }

  private static void collectIdentifiers(BsonDocument filter, Set<String> identifiers) {
    for (Map.Entry<String, BsonValue> entry : filter.entrySet()) {
      String key = entry.getKey();
      if (!key.startsWith("$")) {
        int dot = key.indexOf('.');
        identifiers.add(dot < 0 ? key : key.substring(0, dot));
      } else if (entry.getValue().isArray()) {
        for (BsonValue clause : entry.getValue().asArray()) {
          if (clause.isDocument()) {
            collectIdentifiers(clause.asDocument(), identifiers);
          }
        }
      }
    }
  }
}
