package dev.mongolake.delta.query.ast;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Collections;
import java.util.List;
import org.bson.BsonValue;

/**
 * {@code $in}: the field equals one of {@code values} (kept sorted in BSON order) (with {@code
 * $eq}'s rules, so a null value also matches a missing field) or matches one of {@code regexes}.
 * {@code $nin} is its negation.
 */
public record InPredicate(List<BsonValue> values, List<RegexPredicate> regexes)
    implements FieldPredicate {
  public InPredicate {
    // Kept sorted in BSON order so that membership is a binary search.
    values = values.stream().sorted(BsonComparisonOrder.INSTANCE).toList();
    regexes = List.copyOf(regexes);
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
    if (Collections.binarySearch(values, value, BsonComparisonOrder.INSTANCE) >= 0) {
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
