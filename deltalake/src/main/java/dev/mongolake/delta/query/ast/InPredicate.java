package dev.mongolake.delta.query.ast;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Collections;
import java.util.List;
import org.bson.BsonValue;

/**
 * {@code $in}: the field equals one of {@code values} (under the filter's collation; kept sorted)
 * (with {@code $eq}'s rules, so a null value also matches a missing field) or matches one of {@code
 * regexes}. {@code $nin} is its negation.
 */
public record InPredicate(
    List<BsonValue> values, List<RegexPredicate> regexes, BsonComparisonOrder order)
    implements FieldPredicate {
  public InPredicate {
    java.util.Objects.requireNonNull(order, "order");
    // Kept sorted in the filter's order so that membership is a binary search.
    values = values.stream().sorted(order).toList();
    regexes = List.copyOf(regexes);
  }

  /** {@code $in} under the simple collation. */
  public InPredicate(List<BsonValue> values, List<RegexPredicate> regexes) {
    this(values, regexes, BsonComparisonOrder.INSTANCE);
  }

  /**
   * Whether membership follows a collation where it matters (a value holds a string): then
   * byte-ordered statistics, Parquet predicates and simple indexes cannot decide it.
   */
  public boolean collates() {
    return values.stream().anyMatch(order::collates);
  }

  @Override
  public boolean matches(PathValues resolved) {
    if (resolved.missing() && values.stream().anyMatch(BsonValue::isNull)) {
      return true;
    }
    return resolved.anyExpanded(this::matchesSingle);
  }

  @Override
  public boolean matchesSingle(BsonValue value) {
    if (Collections.binarySearch(values, value, order) >= 0) {
      return true;
    }
    for (RegexPredicate regex : regexes) {
      if (regex.matchesSingle(value)) {
        return true;
      }
    }
    return false;
  }
}
