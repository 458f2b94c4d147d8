package dev.mongolake.internal.index;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.Collation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Chooses an index for a query: an equality, {@code $in} or range ({@code $gt}, {@code $gte},
 * {@code $lt}, {@code $lte}) on an index's leading field, or else a sort on the leading field of an
 * index that holds every document. Only top-level conditions are considered; what the index does
 * not bound stays in the residual filter, which every candidate goes through.
 */
public final class IndexPlanner {

  /**
   * The planner's own range operators for an {@code $expr} comparison of a field path with a
   * constant ({@code {$expr: {$gt: ["$a", 5]}}} plans as {@code {a: {$_exprGt: 5}}}). Such a
   * comparison is not type-bracketed (every string is greater than 5), which is exactly the order
   * of index keys, so the same key range serves it; but only on an index where each document's key
   * is its value: not multikey (an array compares as a whole, not by elements), not sparse and
   * without a partial filter (every document is in it, a missing field under null, which a {@code
   * $lt} matches).
   */
  public static final Map<String, String> EXPR_RANGES =
      Map.of("$gt", "$_exprGt", "$gte", "$_exprGte", "$lt", "$_exprLt", "$lte", "$_exprLte");

  private IndexPlanner() {}

  /** The best plan for a query under the simple collation. */
  public static Optional<IndexPlan> plan(
      List<SecondaryIndex> all, BsonDocument filter, BsonDocument sort, long readSequence) {
    return plan(all, filter, sort, readSequence, Collation.SIMPLE);
  }

  /**
   * The best plan for a query whose comparisons follow {@code collation}, or empty for a collection
   * scan. Hidden indexes are not considered. An index under another collation orders strings
   * differently: it serves only conditions on values without strings, and never the sort; under the
   * same collation its keys are collation keys, which the bounds are turned into.
   */
  public static Optional<IndexPlan> plan(
      List<SecondaryIndex> all,
      BsonDocument filter,
      BsonDocument sort,
      long readSequence,
      Collation collation) {
    List<SecondaryIndex> indexes = all.stream().filter(index -> !index.spec().hidden()).toList();
    List<Map.Entry<String, BsonValue>> conditions = new ArrayList<>();
    conjuncts(filter, conditions);
    IndexPlan best = null;
    int bestScore = 0;
    for (SecondaryIndex index : indexes) {
      if (!index.usableAt(readSequence) || !coversQuery(index.spec(), conditions)) {
        continue;
      }
      String leading = index.spec().keys().getFirstKey();
      boolean sameCollation = index.spec().collation().equals(collation);
      if (!sameCollation
          && index.spec().partialFilter() != null
          && BsonComparisonOrder.holdsString(index.spec().partialFilter())) {
        // Its filter chose the documents it holds by its own collation's string equality: under
        // another, documents the query matches may be missing from it.
        continue;
      }
      for (Map.Entry<String, BsonValue> condition : conditions) {
        if (!condition.getKey().equals(leading)
            || (!sameCollation && BsonComparisonOrder.holdsString(condition.getValue()))) {
          continue;
        }
        Bounds bounds =
            Bounds.of(index.spec().collation().order().comparisonKey(condition.getValue()));
        if (bounds == null || (bounds.needsPlainIndex() && !plain(index))) {
          continue;
        }
        int score = bounds.score() + (index.spec().unique() && bounds.score() == 3 ? 1 : 0);
        if (score > bestScore) {
          best =
              new IndexPlan(index, bounds.ranges(), descending(index.spec(), sort), sameCollation);
          bestScore = score;
        }
      }
    }
    if (best != null) {
      return Optional.of(best);
    }
    return sortPlan(indexes, sort, readSequence, collation);
  }

  /** The field conditions every match must meet: top-level ones and those inside {@code $and}. */
  private static void conjuncts(BsonDocument filter, List<Map.Entry<String, BsonValue>> out) {
    for (Map.Entry<String, BsonValue> entry : filter.entrySet()) {
      if (entry.getKey().equals("$and") && entry.getValue() instanceof BsonArray clauses) {
        for (BsonValue clause : clauses) {
          if (clause instanceof BsonDocument document) {
            conjuncts(document, out);
          }
        }
      } else if (!entry.getKey().startsWith("$")) {
        out.add(entry);
      }
    }
  }

  /** A full index read in sort order: only from indexes that hold every document. */
  private static Optional<IndexPlan> sortPlan(
      List<SecondaryIndex> indexes, BsonDocument sort, long readSequence, Collation collation) {
    if (sort.isEmpty()) {
      return Optional.empty();
    }
    String sortField = sort.getFirstKey();
    for (SecondaryIndex index : indexes) {
      IndexSpec spec = index.spec();
      if (index.usableAt(readSequence)
          && !spec.sparse()
          && spec.partialFilter() == null
          && spec.collation().equals(collation)
          && spec.keys().getFirstKey().equals(sortField)) {
        return Optional.of(
            new IndexPlan(index, List.of(KeyRange.ALL), descending(spec, sort), true));
      }
    }
    return Optional.empty();
  }

  /** Whether the index visits keys from high to low for {@code sort} on its leading field. */
  private static boolean descending(IndexSpec spec, BsonDocument sort) {
    String leading = spec.keys().getFirstKey();
    if (sort.isEmpty() || !sort.getFirstKey().equals(leading) || !sort.get(leading).isNumber()) {
      return false;
    }
    // Keys are held ascending whatever the pattern's direction says.
    return sort.get(leading).asNumber().doubleValue() < 0;
  }

  /**
   * A partial index answers only queries that imply its filter: here, queries that repeat each of
   * its top-level conditions literally.
   */
  private static boolean coversQuery(
      IndexSpec spec, List<Map.Entry<String, BsonValue>> conditions) {
    if (spec.partialFilter() == null) {
      return true;
    }
    List<Map.Entry<String, BsonValue>> required = new ArrayList<>();
    conjuncts(spec.partialFilter(), required);
    return conditions.containsAll(required);
  }

  /** Whether each document's key in {@code index} is its value (see {@link #EXPR_RANGES}). */
  private static boolean plain(SecondaryIndex index) {
    return !index.multikey() && !index.spec().sparse() && index.spec().partialFilter() == null;
  }

  /**
   * What a condition on the leading field bounds, and how selective that is.
   *
   * @param needsPlainIndex whether only an index whose keys are the documents' values may serve it
   *     (an {@code $expr} comparison)
   */
  private record Bounds(List<KeyRange> ranges, int score, boolean needsPlainIndex) {

    Bounds(List<KeyRange> ranges, int score) {
      this(ranges, score, false);
    }

    static Bounds of(BsonValue condition) {
      if (condition == null) {
        return null;
      }
      if (!isOperatorDocument(condition)) {
        return indexable(condition) ? new Bounds(List.of(KeyRange.point(condition)), 3) : null;
      }
      BsonDocument operators = condition.asDocument();
      if (operators.containsKey("$eq") && indexable(operators.get("$eq"))) {
        return new Bounds(List.of(KeyRange.point(operators.get("$eq"))), 3);
      }
      if (operators.get("$in") instanceof BsonArray values) {
        List<BsonValue> sorted = new ArrayList<>();
        for (BsonValue value : values) {
          if (!indexable(value)) {
            return null;
          }
          sorted.add(value);
        }
        sorted.sort(BsonComparisonOrder.INSTANCE);
        return new Bounds(sorted.stream().map(KeyRange::point).toList(), 2);
      }
      return range(operators);
    }

    private static Bounds range(BsonDocument operators) {
      BsonValue low = null;
      boolean lowInclusive = true;
      BsonValue high = null;
      boolean highInclusive = true;
      boolean expr = false;
      for (Map.Entry<String, BsonValue> operator : operators.entrySet()) {
        BsonValue value = operator.getValue();
        String name = EXPR_OPERATORS.getOrDefault(operator.getKey(), operator.getKey());
        expr |= !name.equals(operator.getKey());
        boolean isLow = name.equals("$gt") || name.equals("$gte");
        boolean isHigh = name.equals("$lt") || name.equals("$lte");
        if (!isLow && !isHigh) {
          continue;
        }
        if (!indexable(value)) {
          return null;
        }
        if (isLow) {
          low = value;
          lowInclusive = name.equals("$gte");
        } else {
          high = value;
          highInclusive = name.equals("$lte");
        }
      }
      if (low == null && high == null) {
        return null;
      }
      if (low != null && high != null) {
        // On an array field each bound may be met by a different element ({a: [1, 10]} matches
        // {$gt: 5, $lt: 8}), so only one bound can narrow the keys.
        high = null;
      }
      return new Bounds(List.of(new KeyRange(low, lowInclusive, high, highInclusive)), 1, expr);
    }

    /** The comparison each planner range operator stands for. */
    private static final Map<String, String> EXPR_OPERATORS =
        Map.of("$_exprGt", "$gt", "$_exprGte", "$gte", "$_exprLt", "$lt", "$_exprLte", "$lte");

    private static boolean isOperatorDocument(BsonValue value) {
      return value instanceof BsonDocument document
          && !document.isEmpty()
          && document.getFirstKey().startsWith("$");
    }

    /**
     * Values whose matches are exactly the keys equal to them (or, for ranges, between them): null
     * also matches missing fields, arrays match whole arrays as well as elements, regexes match by
     * pattern.
     */
    private static boolean indexable(BsonValue value) {
      BsonType type = value.getBsonType();
      return type != BsonType.NULL
          && type != BsonType.UNDEFINED
          && type != BsonType.ARRAY
          && type != BsonType.REGULAR_EXPRESSION
          && type != BsonType.MIN_KEY
          && type != BsonType.MAX_KEY
          && !isOperatorDocument(value);
    }
  }
}
