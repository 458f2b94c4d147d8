package dev.mongolake.update;

import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.update.internal.FilterConditions;
import dev.mongolake.update.internal.UpdatePath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Finds the array position a query matched, which the positional {@code $} update operator stands
 * for: for {@code {"grades.grade": {$gte: 85}}} and a document whose {@code grades} is an array,
 * the index of the first element that satisfies the condition on its own.
 *
 * <p>Looks at the filter's field conditions (top level and inside {@code $and}) in order and, for
 * the first one whose path runs through an array of the document, tests each element alone; the
 * first element that matches is the position. Conditions that match the array as a whole (an
 * equality with a whole array, {@code $size}) give no position, as in MongoDB. Conditions inside
 * {@code $or}/{@code $nor} are not used.
 *
 * <p>Immutable and thread-safe.
 */
public final class PositionalMatch {
  private record FieldCondition(List<String> path, Filter filter) {}

  private final List<FieldCondition> conditions;

  private PositionalMatch(List<FieldCondition> conditions) {
    this.conditions = conditions;
  }

  /**
   * Prepares the search for {@code filter}.
   *
   * @throws dev.mongolake.MongoLakeException when the filter is invalid (with the filter's code)
   */
  public static PositionalMatch forFilter(BsonDocument filter) {
    return forFilter(filter, Collation.SIMPLE);
  }

  /**
   * Prepares the search for {@code filter}, whose conditions compare strings by {@code collation}
   * (the query's), so that the position is the element the query matched.
   *
   * @throws dev.mongolake.MongoLakeException when the filter is invalid (with the filter's code)
   */
  public static PositionalMatch forFilter(BsonDocument filter, Collation collation) {
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(collation, "collation");
    List<FieldCondition> conditions = new ArrayList<>();
    collect(filter, collation, conditions);
    return new PositionalMatch(List.copyOf(conditions));
  }

  private static void collect(
      BsonDocument filter, Collation collation, List<FieldCondition> conditions) {
    for (Map.Entry<String, BsonValue> entry : filter.entrySet()) {
      String key = entry.getKey();
      if (key.equals("$and") && entry.getValue().isArray()) {
        for (BsonValue clause : entry.getValue().asArray()) {
          if (clause.isDocument()) {
            collect(clause.asDocument(), collation, conditions);
          }
        }
      } else if (!key.startsWith("$")) {
        Filter single;
        try {
          single = Filter.parse(new BsonDocument(key, entry.getValue()), collation);
        } catch (QueryException e) {
          throw FilterConditions.translate(e);
        }
        conditions.add(new FieldCondition(List.of(key.split("\\.", -1)), single));
      }
    }
  }

  /** The matched position in {@code document}, or empty when the query matched no element. */
  public OptionalInt find(BsonDocument document) {
    Objects.requireNonNull(document, "document");
    for (FieldCondition condition : conditions) {
      OptionalInt position = find(condition, document);
      if (position.isPresent()) {
        return position;
      }
    }
    return OptionalInt.empty();
  }

  private static OptionalInt find(FieldCondition condition, BsonDocument document) {
    BsonValue current = document;
    List<String> path = condition.path();
    for (int depth = 0; depth < path.size(); depth++) {
      if (!current.isDocument()) {
        return OptionalInt.empty();
      }
      BsonValue child = current.asDocument().get(path.get(depth));
      if (child == null) {
        return OptionalInt.empty();
      }
      if (child.isArray()) {
        boolean explicitIndex =
            depth + 1 < path.size() && UpdatePath.isArrayIndex(path.get(depth + 1));
        if (explicitIndex) {
          return OptionalInt.empty();
        }
        BsonArray array = child.asArray();
        for (int i = 0; i < array.size(); i++) {
          BsonDocument alone =
              withSingleElement(document, path.subList(0, depth + 1), array.get(i));
          if (matches(condition.filter(), alone)) {
            return OptionalInt.of(i);
          }
        }
        return OptionalInt.empty();
      }
      current = child;
    }
    return OptionalInt.empty();
  }

  private static boolean matches(Filter filter, BsonDocument document) {
    try {
      return filter.matches(document);
    } catch (QueryException e) {
      throw FilterConditions.translate(e);
    }
  }

  /** A shallow copy of {@code document} in which the array at {@code path} holds only {@code e}. */
  private static BsonDocument withSingleElement(
      BsonDocument document, List<String> path, BsonValue element) {
    BsonDocument copy = new BsonDocument();
    for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
      copy.put(entry.getKey(), entry.getValue());
    }
    String field = path.getFirst();
    if (path.size() == 1) {
      copy.put(field, new BsonArray(List.of(element)));
    } else {
      copy.put(
          field,
          withSingleElement(document.getDocument(field), path.subList(1, path.size()), element));
    }
    return copy;
  }
}
