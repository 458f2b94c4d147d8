package dev.mongolake.delta.query.internal.parquet;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.PushdownColumn;
import dev.mongolake.delta.query.ast.AllOfPredicate;
import dev.mongolake.delta.query.ast.AndNode;
import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import dev.mongolake.delta.query.ast.ExistsPredicate;
import dev.mongolake.delta.query.ast.FieldNode;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.InPredicate;
import dev.mongolake.delta.query.ast.OrNode;
import dev.mongolake.delta.query.ast.RegexPredicate;
import dev.mongolake.delta.query.internal.RegexPrefix;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BinaryOperator;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Builds the Parquet predicate for the parts of a filter that promoted columns can decide. Every
 * pushed leaf keeps rows whose column is null, because the column is null whenever the document's
 * value is missing, null, an array or of another type, and such documents may still match. What
 * pushes:
 *
 * <ul>
 *   <li>{@code $eq $gt $gte $lt $lte} and literal equality on a promoted path, with an operand of
 *       the column's type class (strings on STRING; numbers of any BSON type on INT32, INT64 and
 *       DOUBLE, converted exactly; dates on TIMESTAMP; booleans on BOOLEAN, equality only); an
 *       operand of another class keeps only null rows;
 *   <li>{@code {path: null}}, {@code $gte/$lte: null} and {@code $exists: false}: column is null;
 *   <li>{@code $regex} and regular expression literals with an anchored literal prefix ({@code
 *       /^abc/}, no {@code i m x} option) on a STRING column, as the range of strings with that
 *       prefix; on other columns, only null rows can match;
 *   <li>{@code $in} whose values and regular expressions all push;
 *   <li>{@code $and} (the pushable children) and {@code $or} (when every child pushes).
 * </ul>
 *
 * Nothing else pushes ({@code $ne $nin $not $nor $expr $type $size $elemMatch $all $mod $bits*},
 * NaN and MinKey/MaxKey operands, array operands, paths with numeric components).
 */
public final class ParquetPredicateBuilder {
  private final Map<String, TypedColumn> columns = new HashMap<>();

  public ParquetPredicateBuilder(Set<PushdownColumn> pushdownColumns) {
    for (PushdownColumn column : pushdownColumns) {
      columns.put(column.documentPath(), typed(column));
    }
  }

  public Optional<FilterPredicate> build(FilterNode node) {
    return switch (node) {
      case AndNode and -> combineAvailable(and.children(), FilterApi::and);
      case OrNode or -> combineAll(or.children(), FilterApi::or);
      case FieldNode field -> {
        TypedColumn column = columns.get(field.path().dotted());
        yield column == null || field.path().hasNumericComponent()
            ? Optional.empty()
            : predicateFor(field.predicate(), column);
      }
      default -> Optional.empty();
    };
  }

  private Optional<FilterPredicate> predicateFor(FieldPredicate predicate, TypedColumn column) {
    return switch (predicate) {
      // Column values and their statistics are in byte order; a collation's order is not.
      case ComparisonPredicate comparison when comparison.collates() -> Optional.empty();
      case InPredicate in when in.collates() -> Optional.empty();
      case ComparisonPredicate comparison ->
          restrict(comparison.operator(), comparison.operand(), column)
              .toPredicate(column.isNull());
      case InPredicate in -> inPredicate(in, column);
      case RegexPredicate regex -> restrictRegex(regex, column).toPredicate(column.isNull());
      case ExistsPredicate exists ->
          exists.shouldExist() ? Optional.empty() : Optional.of(column.isNull());
      case AllOfPredicate allOf -> {
        List<FilterPredicate> parts = new ArrayList<>();
        for (FieldPredicate child : allOf.predicates()) {
          predicateFor(child, column).ifPresent(parts::add);
        }
        yield parts.stream().reduce(FilterApi::and);
      }
      default -> Optional.empty();
    };
  }

  private Optional<FilterPredicate> inPredicate(InPredicate in, TypedColumn column) {
    List<ColumnRestriction> restrictions = new ArrayList<>();
    for (BsonValue value : in.values()) {
      restrictions.add(restrict(ComparisonOperator.EQ, value, column));
    }
    for (RegexPredicate regex : in.regexes()) {
      restrictions.add(restrictRegex(regex, column));
    }
    List<FilterPredicate> alternatives = new ArrayList<>();
    for (ColumnRestriction restriction : restrictions) {
      switch (restriction.kind()) {
        case ALL -> {
          return Optional.empty();
        }
        case NONE -> {}
        case PREDICATE -> alternatives.add(restriction.predicate());
      }
    }
    alternatives.add(column.isNull());
    return alternatives.stream().reduce(FilterApi::or);
  }

  /** Regular expressions match strings (and symbols and regex values, never in typed columns). */
  private static ColumnRestriction restrictRegex(RegexPredicate regex, TypedColumn column) {
    if (!(column instanceof StringColumn strings)) {
      return ColumnRestriction.NONE;
    }
    return RegexPrefix.of(regex).map(strings::prefixRange).orElse(ColumnRestriction.ALL);
  }

  private static ColumnRestriction restrict(
      ComparisonOperator operator, BsonValue operand, TypedColumn column) {
    BsonType type = operand.getBsonType();
    if (type == BsonType.MIN_KEY || type == BsonType.MAX_KEY || type == BsonType.ARRAY) {
      return ColumnRestriction.ALL;
    }
    if (type == BsonType.NULL) {
      // Null and missing values are null in the column; $gt/$lt null match nothing at all.
      return ColumnRestriction.NONE;
    }
    if (BsonComparisonOrder.bracketOf(operand) != column.bracket()) {
      return ColumnRestriction.NONE;
    }
    return column.restrict(operator, operand);
  }

  private Optional<FilterPredicate> combineAvailable(
      List<FilterNode> children, BinaryOperator<FilterPredicate> combine) {
    List<FilterPredicate> parts = new ArrayList<>();
    for (FilterNode child : children) {
      build(child).ifPresent(parts::add);
    }
    return parts.stream().reduce(combine);
  }

  private Optional<FilterPredicate> combineAll(
      List<FilterNode> children, BinaryOperator<FilterPredicate> combine) {
    List<FilterPredicate> parts = new ArrayList<>();
    for (FilterNode child : children) {
      Optional<FilterPredicate> part = build(child);
      if (part.isEmpty()) {
        return Optional.empty();
      }
      parts.add(part.get());
    }
    return parts.stream().reduce(combine);
  }

  private static TypedColumn typed(PushdownColumn column) {
    String path = column.parquetColumnPath();
    return switch (column.type()) {
      case STRING -> new StringColumn(path);
      case INT32 -> IntegralColumn.int32(path);
      case INT64 -> IntegralColumn.int64(path);
      case DOUBLE -> new DoubleColumnOfNumbers(path);
      case BOOLEAN -> new BooleanColumn(path);
      case TIMESTAMP_MILLIS -> new TimestampColumn(path, 1);
      case TIMESTAMP_MICROS -> new TimestampColumn(path, 1000);
      case OBJECT_ID_HEX -> new ObjectIdHexColumn(path);
    };
  }
}
