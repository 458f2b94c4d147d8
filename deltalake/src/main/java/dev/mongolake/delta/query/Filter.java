package dev.mongolake.delta.query;

import dev.mongolake.bson.BsonNesting;
import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ExpressionEvaluator;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.internal.SchemaUse;
import dev.mongolake.delta.query.internal.explain.MismatchExplainer;
import dev.mongolake.delta.query.internal.operators.StandardOperators;
import dev.mongolake.delta.query.internal.parquet.ParquetPredicateBuilder;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.OperatorRegistry;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.stats.StatsPruner;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;

/**
 * A parsed MongoDB query filter ({@code {age: {$gte: 21}, tags: "a"}}) with MongoDB's matching
 * semantics: type bracketing and the BSON comparison order ({@link BsonComparisonOrder}), null and
 * missing rules, implicit array element matching, dotted paths through arrays, numeric equality
 * across Int32/Int64/Double/Decimal128. See {@code docs/query-language.md} for the operators.
 *
 * <p>Immutable and thread-safe (provided the installed {@link ExpressionEvaluator} is). {@code
 * $expr} is parsed and kept; matching a filter that contains it needs an evaluator installed with
 * {@link #withExpressionEvaluator}.
 */
public final class Filter {
  private final BsonDocument source;
  private final FilterNode root;
  private final ExpressionEvaluator evaluator;
  private final BsonComparisonOrder order;

  private Filter(
      BsonDocument source,
      FilterNode root,
      ExpressionEvaluator evaluator,
      BsonComparisonOrder order) {
    this.source = source;
    this.root = root;
    this.evaluator = evaluator;
    this.order = order;
  }

  /**
   * Parses a filter document. The empty document matches every document.
   *
   * @throws QueryException with MongoDB's code and message when the filter is malformed (BadValue
   *     for unknown operators and bad operands, FailedToParse, TypeMismatch, ... as MongoDB does;
   *     BadValue when its operators nest past {@link BsonNesting#MAX_QUERY_DEPTH}, Overflow when
   *     its BSON nests past {@link BsonNesting#MAX_DEPTH})
   * @throws NullPointerException if {@code filter} is null
   */
  public static Filter parse(BsonDocument filter) {
    return parse(filter, Collation.SIMPLE);
  }

  /**
   * Parses a filter whose comparisons of strings ({@code $eq $ne $gt $gte $lt $lte $in $nin $all},
   * equality, inside {@code $elemMatch} too) follow {@code collation}; regular expressions, {@code
   * $type}, {@code $size} and field names are not affected, as in MongoDB. Its {@code $expr} gets
   * the collation from the evaluator installed with {@link #withExpressionEvaluator}.
   *
   * @throws QueryException as {@link #parse(BsonDocument)} does
   */
  public static Filter parse(BsonDocument filter, Collation collation) {
    return parse(filter, StandardOperators.registry(), collation.order());
  }

  /**
   * Parses a filter written where MongoDB bans the filter language's special features (an update's
   * {@code arrayFilters}): as {@link #parse}, except that {@code $expr} and {@code $jsonSchema}
   * fail with {@link QueryErrorCode#QUERY_FEATURE_NOT_ALLOWED} ("... is not allowed in this
   * context") and {@code $where} with BadValue, as MongoDB's parser fails them there.
   *
   * @throws QueryException as {@link #parse} does, and for those operators
   */
  public static Filter parseWithoutSpecialFeatures(BsonDocument filter) {
    return parseWithoutSpecialFeatures(filter, Collation.SIMPLE);
  }

  /** {@link #parseWithoutSpecialFeatures(BsonDocument)} under {@code collation}. */
  public static Filter parseWithoutSpecialFeatures(BsonDocument filter, Collation collation) {
    return parse(filter, StandardOperators.withoutSpecialFeatures(), collation.order());
  }

  private static Filter parse(
      BsonDocument filter, OperatorRegistry operators, BsonComparisonOrder order) {
    Objects.requireNonNull(filter, "filter");
    // Before the copy: copying, parsing and matching all recurse into the filter's values.
    if (BsonNesting.tooDeep(filter)) {
      throw new QueryException(
          QueryErrorCode.OVERFLOW, "Cannot parse filter: " + BsonNesting.TOO_DEEP);
    }
    BsonDocument copy = filter.clone();
    FilterParser parser = new FilterParser(operators, order);
    return new Filter(
        copy,
        parser.parseDocument(copy, ParseLevel.TOP_LEVEL),
        ExpressionEvaluator.UNSUPPORTED,
        order);
  }

  /** The same filter evaluating {@code $expr} with {@code expressionEvaluator}. */
  public Filter withExpressionEvaluator(ExpressionEvaluator expressionEvaluator) {
    return new Filter(
        source, root, Objects.requireNonNull(expressionEvaluator, "evaluator"), order);
  }

  /** The collation the filter's comparisons follow. */
  public Collation collation() {
    return order.collation();
  }

  /**
   * This filter with {@code conditions} added, conditions that every document this filter matches
   * already satisfies (what its {@code $expr} implies, say): it matches exactly the same documents,
   * but its statistics and Parquet pushdown can also rule out what the conditions rule out.
   *
   * @throws QueryException when {@code conditions} is not a valid filter
   */
  public Filter withNecessaryConditions(BsonDocument conditions) {
    if (conditions.isEmpty()) {
      return this;
    }
    Filter extra = parse(conditions, StandardOperators.registry(), order);
    BsonDocument combined =
        new BsonDocument("$and", new BsonArray(List.of(source.clone(), extra.source)));
    return new Filter(combined, new AndNode(List.of(root, extra.root)), evaluator, order);
  }

  /**
   * Whether the filter holds a {@code $jsonSchema} anywhere, for the contexts where MongoDB does
   * not allow one (array filters, {@code $pull} conditions).
   */
  public boolean hasJsonSchema() {
    return SchemaUse.in(root);
  }

  /** The parsed tree, for planners (index selection, pushdown). */
  public FilterNode root() {
    return root;
  }

  /** A copy of the filter document this was parsed from. */
  public BsonDocument source() {
    return source.clone();
  }

  /**
   * Whether {@code document} matches.
   *
   * @throws QueryException {@link QueryErrorCode#NOT_IMPLEMENTED} when the filter uses {@code
   *     $expr} and no evaluator is installed, or whatever the evaluator throws
   */
  public boolean matches(BsonDocument document) {
    return root.matches(Objects.requireNonNull(document, "document"), evaluator);
  }

  /**
   * Why {@code document}, which this filter does not match, fails it: the {@code details} of
   * MongoDB's document validation error ({@code {operatorName: "$gt", specifiedAs: {qty: {$gt: 5}},
   * reason: "comparison failed", consideredValue: 3}}; {@code $and}, {@code $or} and {@code $nor}
   * with their {@code clausesNotSatisfied}; {@code $jsonSchema} with its {@code
   * schemaRulesNotSatisfied}; {@code $expr} with its {@code expressionResult}). See {@link
   * dev.mongolake.delta.query.internal.explain.MismatchExplainer} for where the details are simpler
   * than MongoDB's.
   */
  public BsonDocument explainMismatch(BsonDocument document) {
    return MismatchExplainer.explain(
        source, evaluator, Objects.requireNonNull(document, "document"));
  }

  /**
   * Data skipping from per-file statistics: the returned predicate says a file "may match" unless
   * its statistics prove that no document in it matches. See {@link ColumnStats} for what the
   * statistics must guarantee and {@code docs/query-language.md} for the shapes that prune.
   */
  public StatsPredicate toStatsPredicate() {
    return stats -> StatsPruner.mayMatch(root, Objects.requireNonNull(stats, "stats"));
  }

  /**
   * The Parquet predicate for the parts of this filter that the promoted columns can decide, plus
   * the residual to evaluate after the scan (always this whole filter: nothing is dropped). See
   * {@link PushdownColumn} for what the columns must hold and {@code docs/query-language.md} for
   * the shapes that push down.
   */
  public ParquetPushdown toParquetPredicate(Set<PushdownColumn> pushdownColumns) {
    Objects.requireNonNull(pushdownColumns, "pushdownColumns");
    return new ParquetPushdown(new ParquetPredicateBuilder(pushdownColumns).build(root), this);
  }

  @Override
  public String toString() {
    return order.isSimple()
        ? "Filter" + source.toJson()
        : "Filter" + source.toJson() + " " + order.collation().toDocument().toJson();
  }
}
