package dev.mongolake.internal.engine;

import dev.mongolake.internal.index.IndexPlanner;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The query conditions a filter's {@code $expr} clauses imply, for the index planner and the
 * table's file and row-group pruning: {@code {$expr: {$eq: ["$a", 5]}}} can only hold for a
 * document that {@code {a: {$eq: 5}}} matches, and {@code {$in: ["$a", [1, 2]]}} for one that
 * {@code {a: {$in: [1, 2]}}} matches (the query forms match a superset: they also look into arrays
 * and treat a missing field as null). So an index on {@code a} may produce the candidates, which
 * the whole filter, {@code $expr} included, then checks. Only constants qualify (numbers, strings,
 * booleans, dates, object ids, null, {@code $literal} of those); anything else implies nothing.
 */
final class ExprImplications {

  private ExprImplications() {}

  /**
   * {@code filter} with the conditions its top-level {@code $expr} clauses imply added for fields
   * it does not constrain already; {@code filter} itself when there are none.
   */
  static BsonDocument forPlanning(BsonDocument filter) {
    BsonDocument implied = implied(filter, true);
    if (implied.isEmpty()) {
      return filter;
    }
    BsonDocument out = filter.clone();
    out.putAll(implied);
    return out;
  }

  /**
   * Only the conditions {@link #forPlanning} adds: those the top-level {@code $expr} clauses imply
   * for fields the filter does not constrain already (empty when there are none). Every document
   * the filter matches satisfies them, so a table scan may also prune files and row groups by them.
   */
  static BsonDocument implied(BsonDocument filter) {
    return implied(filter, false);
  }

  /**
   * @param ranges whether comparisons ({@code $gt}, ...) add their {@link IndexPlanner} range
   *     operators ({@code $_exprGt}, ...): conditions the query language cannot state, for the
   *     planner alone
   */
  private static BsonDocument implied(BsonDocument filter, boolean ranges) {
    Map<String, BsonDocument> implied = new LinkedHashMap<>();
    collectFromFilter(filter, implied, ranges);
    BsonDocument out = new BsonDocument();
    implied.forEach(
        (path, condition) -> {
          if (!filter.containsKey(path)) {
            out.put(path, condition);
          }
        });
    return out;
  }

  private static void collectFromFilter(
      BsonDocument filter, Map<String, BsonDocument> implied, boolean ranges) {
    for (Map.Entry<String, BsonValue> clause : filter.entrySet()) {
      if (clause.getKey().equals("$expr")) {
        collectFromExpression(clause.getValue(), implied, ranges);
      } else if (clause.getKey().equals("$and") && clause.getValue() instanceof BsonArray all) {
        for (BsonValue element : all) {
          if (element instanceof BsonDocument document) {
            collectFromFilter(document, implied, ranges);
          }
        }
      }
    }
  }

  private static void collectFromExpression(
      BsonValue expression, Map<String, BsonDocument> out, boolean ranges) {
    if (!(expression instanceof BsonDocument document) || document.size() != 1) {
      return;
    }
    String operator = document.getFirstKey();
    BsonValue arguments = document.get(operator);
    if (operator.equals("$and") && arguments instanceof BsonArray all) {
      all.forEach(element -> collectFromExpression(element, out, ranges));
      return;
    }
    if (!(arguments instanceof BsonArray pair) || pair.size() != 2) {
      return;
    }
    if (operator.equals("$eq")) {
      String path = fieldPath(pair.get(0));
      BsonValue constant = constant(pair.get(1));
      if (path == null) {
        path = fieldPath(pair.get(1));
        constant = constant(pair.get(0));
      }
      if (path != null && constant != null) {
        out.putIfAbsent(path, new BsonDocument("$eq", constant));
      }
    } else if (operator.equals("$in") && pair.get(1) instanceof BsonArray values) {
      String path = fieldPath(pair.get(0));
      BsonArray constants = new BsonArray();
      for (BsonValue value : values) {
        BsonValue constant = constant(value);
        if (constant == null) {
          return;
        }
        constants.add(constant);
      }
      if (path != null) {
        out.putIfAbsent(path, new BsonDocument("$in", constants));
      }
    } else if (ranges && IndexPlanner.EXPR_RANGES.containsKey(operator)) {
      String path = fieldPath(pair.get(0));
      BsonValue constant = constant(pair.get(1));
      String planned = IndexPlanner.EXPR_RANGES.get(operator);
      if (path == null) {
        // {$gt: [5, "$a"]} is {$lt: ["$a", 5]}.
        path = fieldPath(pair.get(1));
        constant = constant(pair.get(0));
        planned = IndexPlanner.EXPR_RANGES.get(FLIPPED.get(operator));
      }
      if (path != null && constant != null) {
        out.putIfAbsent(path, new BsonDocument(planned, constant));
      }
    }
  }

  private static final Map<String, String> FLIPPED =
      Map.of("$gt", "$lt", "$gte", "$lte", "$lt", "$gt", "$lte", "$gte");

  /** The dotted path of a plain field path ({@code "$a.b"}), or null. */
  private static String fieldPath(BsonValue value) {
    if (!(value instanceof BsonString string)) {
      return null;
    }
    String text = string.getValue();
    if (!text.startsWith("$") || text.startsWith("$$") || text.length() == 1) {
      return null;
    }
    String path = text.substring(1);
    for (String segment : path.split("\\.", -1)) {
      if (segment.isEmpty() || segment.startsWith("$")) {
        return null;
      }
    }
    return path;
  }

  /** The value of a constant an equality may use, or null. */
  private static BsonValue constant(BsonValue value) {
    if (value instanceof BsonDocument document
        && document.size() == 1
        && document.containsKey("$literal")) {
      return scalar(document.get("$literal"));
    }
    if (value instanceof BsonString string && string.getValue().startsWith("$")) {
      return null;
    }
    return scalar(value);
  }

  private static BsonValue scalar(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32, INT64, DOUBLE, DECIMAL128, STRING, BOOLEAN, DATE_TIME, OBJECT_ID, NULL -> value;
      default -> null;
    };
  }
}
