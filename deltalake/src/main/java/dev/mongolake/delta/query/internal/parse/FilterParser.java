package dev.mongolake.delta.query.internal.parse;

import dev.mongolake.bson.BsonNesting;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.ast.AllOfPredicate;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import dev.mongolake.delta.query.ast.FieldNode;
import dev.mongolake.delta.query.ast.FieldPath;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.internal.RegexCompiler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonValue;

/**
 * Turns a filter document into a {@link FilterNode} tree, dispatching operators through an {@link
 * OperatorRegistry}. Follows MongoDB's parser: a field whose value is a document starting with a
 * {@code $} key is an operator document (every key must then be an operator), any other value is an
 * equality (a regular expression value is a pattern match).
 *
 * <p>One parser per filter: it counts how deeply the filter's documents nest ({@code $and}, {@code
 * $or}, {@code $nor}, {@code $elemMatch}, {@code $not}) and refuses more than MongoDB's {@link
 * BsonNesting#MAX_QUERY_DEPTH}, so that neither this recursive parser nor the matcher it builds can
 * run out of stack. Not thread-safe.
 */
public final class FilterParser {
  private static final String UNKNOWN_TOP_LEVEL_HINT =
      ". If you have a field name that starts with a '$' symbol, consider using $getField or"
          + " $setField.";
  private static final String NOT_AT_TOP_LEVEL_HINT =
      ". If you are trying to negate an entire expression, use $nor.";

  private final OperatorRegistry registry;
  private final BsonComparisonOrder order;
  // The level of the document being parsed: the filter itself is 0.
  private int depth = -1;

  public FilterParser(OperatorRegistry registry) {
    this(registry, BsonComparisonOrder.INSTANCE);
  }

  /** A parser whose comparisons ({@code $eq $lt $in $all ...}) follow {@code order}'s collation. */
  public FilterParser(OperatorRegistry registry, BsonComparisonOrder order) {
    this.registry = registry;
    this.order = order;
  }

  /** The order the filter's comparisons use. */
  public BsonComparisonOrder order() {
    return order;
  }

  public OperatorRegistry registry() {
    return registry;
  }

  /** Parses a filter document at the given level; a single condition is returned unwrapped. */
  public FilterNode parseDocument(BsonDocument filter, ParseLevel level) {
    descend(filter, BsonNesting.MAX_QUERY_DEPTH);
    try {
      return parseFields(filter, level);
    } finally {
      depth--;
    }
  }

  private FilterNode parseFields(BsonDocument filter, ParseLevel level) {
    List<FilterNode> children = new ArrayList<>(filter.size());
    for (Map.Entry<String, BsonValue> entry : filter.entrySet()) {
      String key = entry.getKey();
      BsonValue value = entry.getValue();
      if (key.startsWith("$")) {
        TopLevelOperatorHandler handler =
            registry.topLevelOperator(key).orElseThrow(() -> unknownTopLevelOperator(key));
        handler.parse(key, value, level, this).ifPresent(children::add);
        continue;
      }
      children.add(new FieldNode(FieldPath.of(key), parseFieldValue(key, value, level)));
    }
    return children.size() == 1 ? children.getFirst() : new AndNode(children);
  }

  /** The predicate for {@code {field: value}}: an operator document, a regex, or an equality. */
  public FieldPredicate parseFieldValue(String fieldName, BsonValue value, ParseLevel level) {
    if (isOperatorDocument(value, false)) {
      return parseOperatorDocument(fieldName, value.asDocument(), level);
    }
    if (value.isRegularExpression()) {
      BsonRegularExpression regex = value.asRegularExpression();
      return RegexCompiler.predicate(regex.getPattern(), regex.getOptions());
    }
    UndefinedOperand.reject(value);
    return new ComparisonPredicate(ComparisonOperator.EQ, value, order);
  }

  /** Parses {@code {$gt: 1, $lt: 5}}: every key must be a known field operator. */
  public FieldPredicate parseOperatorDocument(
      String fieldName, BsonDocument operators, ParseLevel level) {
    descend(operators, BsonNesting.MAX_QUERY_DEPTH + 1);
    try {
      return parseOperators(fieldName, operators, level);
    } finally {
      depth--;
    }
  }

  private FieldPredicate parseOperators(
      String fieldName, BsonDocument operators, ParseLevel level) {
    FieldContext context = new FieldContext(fieldName, operators, level, this);
    List<FieldPredicate> predicates = new ArrayList<>(operators.size());
    for (Map.Entry<String, BsonValue> entry : operators.entrySet()) {
      String name = entry.getKey();
      FieldOperatorHandler handler =
          registry.fieldOperator(name).orElseThrow(() -> unknownFieldOperator(name));
      handler.parse(name, entry.getValue(), context).ifPresent(predicates::add);
    }
    return predicates.size() == 1 ? predicates.getFirst() : new AllOfPredicate(predicates);
  }

  /**
   * Enters a nested filter or operator document. MongoDB counts both and checks the count when it
   * enters a filter document ({@code MatchExpressionParser::_parse}): a filter at the maximum depth
   * may still hold operator documents one level below it. Checking operator documents at that level
   * bounds chains of {@code $not} too, which MongoDB leaves to its BSON depth limit.
   */
  private void descend(BsonDocument document, int limit) {
    if (++depth > limit) {
      String text = document.toJson();
      throw QueryErrors.badValue(
          "exceeded maximum query tree depth of "
              + BsonNesting.MAX_QUERY_DEPTH
              + " at "
              + (text.length() <= 100 ? text : text.substring(0, 100) + "..."));
    }
  }

  /**
   * MongoDB's test for an operator document: a non-empty document whose first key starts with
   * {@code $}, unless it is a DBRef ({@code $ref} and {@code $id}; with {@code
   * allowIncompleteDbRef}, any of {@code $ref $id $db}).
   */
  public static boolean isOperatorDocument(BsonValue value, boolean allowIncompleteDbRef) {
    if (!value.isDocument() || value.asDocument().isEmpty()) {
      return false;
    }
    BsonDocument document = value.asDocument();
    if (!document.getFirstKey().startsWith("$")) {
      return false;
    }
    boolean hasRef = document.containsKey("$ref");
    boolean hasId = document.containsKey("$id");
    boolean hasDb = document.containsKey("$db");
    boolean dbRef = allowIncompleteDbRef ? (hasRef || hasId || hasDb) : (hasRef && hasId);
    return !dbRef;
  }

  /** The first key of a document, if any. */
  public static Optional<String> firstKey(BsonDocument document) {
    return document.isEmpty() ? Optional.empty() : Optional.of(document.getFirstKey());
  }

  private static RuntimeException unknownTopLevelOperator(String key) {
    String hint = key.equals("$not") ? NOT_AT_TOP_LEVEL_HINT : UNKNOWN_TOP_LEVEL_HINT;
    return QueryErrors.badValue("unknown top level operator: " + key + hint);
  }

  private static RuntimeException unknownFieldOperator(String name) {
    if (name.equals("$where")) {
      return QueryErrors.badValue("$where cannot be applied to a field");
    }
    return QueryErrors.badValue("unknown operator: " + name);
  }
}
