package dev.mongolake.delta.query.internal.stats;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.BsonTypeBracket;
import dev.mongolake.delta.query.ColumnStats;
import dev.mongolake.delta.query.FileStats;
import dev.mongolake.delta.query.ast.AllOfPredicate;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import dev.mongolake.delta.query.ast.ConstantNode;
import dev.mongolake.delta.query.ast.ConstantPredicate;
import dev.mongolake.delta.query.ast.ExistsPredicate;
import dev.mongolake.delta.query.ast.FieldNode;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.InPredicate;
import dev.mongolake.delta.query.ast.ModPredicate;
import dev.mongolake.delta.query.ast.OrNode;
import dev.mongolake.delta.query.ast.RegexPredicate;
import dev.mongolake.delta.query.internal.RegexPrefix;
import java.util.Optional;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Decides from file statistics whether a filter may match. Every rule is a necessary condition for
 * a match, so a file is pruned only when no document in it can match. Shapes that prune: {@code
 * $and} (any child prunes), {@code $or} (every child prunes), {@code $eq $gt $gte $lt $lte} with a
 * scalar or document operand (bounds and type brackets), {@code {path: null}} and {@code $exists:
 * false} (null count), {@code $in} (every listed value prunes), {@code $regex} and {@code $mod} (no
 * value of their type class), {@code $alwaysFalse}. Everything else ({@code $ne $nin $not $nor
 * $expr $type $size $elemMatch $bits*}, array operands) never prunes.
 */
public final class StatsPruner {
  private static final BsonComparisonOrder ORDER = BsonComparisonOrder.INSTANCE;

  private StatsPruner() {}

  public static boolean mayMatch(FilterNode node, FileStats stats) {
    if (stats.numRecords() == 0) {
      return false;
    }
    return nodeMayMatch(node, stats);
  }

  private static boolean nodeMayMatch(FilterNode node, FileStats stats) {
    return switch (node) {
      case AndNode and -> and.children().stream().allMatch(child -> nodeMayMatch(child, stats));
      case OrNode or -> or.children().stream().anyMatch(child -> nodeMayMatch(child, stats));
      case ConstantNode constant -> constant.value();
      case FieldNode field ->
          field.path().hasNumericComponent()
              || stats
                  .column(field.path().dotted())
                  .map(column -> fieldMayMatch(field.predicate(), column))
                  .orElse(true);
      default -> true;
    };
  }

  private static boolean fieldMayMatch(FieldPredicate predicate, ColumnStats column) {
    // A document left out of a typed column may hold any value at all.
    if (column.nullCountIncludesUnfittedValues() && column.mayHaveNull()) {
      return true;
    }
    return predicateMayMatch(predicate, column);
  }

  private static boolean predicateMayMatch(FieldPredicate predicate, ColumnStats column) {
    return switch (predicate) {
      case ComparisonPredicate comparison -> comparisonMayMatch(comparison, column);
      case InPredicate in ->
          in.values().stream()
                  .anyMatch(
                      value ->
                          comparisonMayMatch(
                              new ComparisonPredicate(ComparisonOperator.EQ, value, in.order()),
                              column))
              || in.regexes().stream().anyMatch(regex -> regexMayMatch(regex, column));
      case AllOfPredicate allOf ->
          allOf.predicates().stream().allMatch(child -> predicateMayMatch(child, column));
      case ExistsPredicate exists -> exists.shouldExist() || mayHaveNull(column);
      case RegexPredicate regex -> regexMayMatch(regex, column);
      case ModPredicate ignored -> bracketMayOccur(column, BsonTypeBracket.NUMBER);
      case ConstantPredicate constant -> constant.value();
      default -> true;
    };
  }

  private static boolean comparisonMayMatch(ComparisonPredicate comparison, ColumnStats column) {
    BsonValue operand = comparison.operand();
    ComparisonOperator operator = comparison.operator();
    if (operand.isNull()) {
      return operator.includesEqual() && mayHaveNull(column);
    }
    if (comparison.matchesMissing() || operand.isArray() || !column.hasBounds()) {
      // MinKey/MaxKey operands match across types; arrays are not covered by the bounds.
      return true;
    }
    if (comparison.collates()) {
      // The bounds are in byte order, the comparison in the collation's: only its type can rule
      // a file out.
      return bracketMayOccur(column, BsonComparisonOrder.bracketOf(operand));
    }
    int operandBracket = BsonComparisonOrder.bracketOf(operand).ordinal();
    int minBracket = BsonComparisonOrder.bracketOf(column.min()).ordinal();
    int maxBracket = BsonComparisonOrder.bracketOf(column.max()).ordinal();
    int minVsOperand = ORDER.compare(column.min(), operand);
    int maxVsOperand = ORDER.compare(column.max(), operand);
    return switch (operator) {
      case EQ -> minVsOperand <= 0 && maxVsOperand >= 0;
      case GT -> maxVsOperand > 0 && minBracket <= operandBracket;
      case GTE -> maxVsOperand >= 0 && minBracket <= operandBracket;
      case LT -> minVsOperand < 0 && maxBracket >= operandBracket;
      case LTE -> minVsOperand <= 0 && maxBracket >= operandBracket;
    };
  }

  private static boolean regexMayMatch(RegexPredicate regex, ColumnStats column) {
    if (!column.hasBounds() || bracketMayOccur(column, BsonTypeBracket.REGULAR_EXPRESSION)) {
      return true;
    }
    Optional<RegexPrefix> prefix = RegexPrefix.of(regex);
    if (prefix.isEmpty()) {
      return bracketMayOccur(column, BsonTypeBracket.STRING);
    }
    // Matching strings lie in [prefix, upperBound).
    return ORDER.compare(column.max(), new BsonString(prefix.get().prefix())) >= 0
        && prefix
            .get()
            .upperBound()
            .map(upper -> ORDER.compare(column.min(), new BsonString(upper)) < 0)
            .orElse(true);
  }

  private static boolean bracketMayOccur(ColumnStats column, BsonTypeBracket bracket) {
    if (!column.hasBounds()) {
      return true;
    }
    return BsonComparisonOrder.bracketOf(column.min()).ordinal() <= bracket.ordinal()
        && BsonComparisonOrder.bracketOf(column.max()).ordinal() >= bracket.ordinal();
  }

  private static boolean mayHaveNull(ColumnStats column) {
    return column.mayHaveNull();
  }
}
