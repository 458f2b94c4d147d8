package dev.mongolake.delta.query;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.ast.FieldPath;
import dev.mongolake.delta.query.ast.PathValues;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonUndefined;
import org.bson.BsonValue;

/**
 * MongoDB's sort key of a document for one sort field: the value that {@link BsonComparisonOrder}
 * compares when sorting by that field.
 *
 * <ul>
 *   <li>a missing field sorts as null;
 *   <li>an array sorts by its smallest element in an ascending sort and by its largest element in a
 *       descending sort;
 *   <li>an empty array sorts below null (as undefined);
 *   <li>a dotted path through arrays takes all the values it reaches into account (a branch missing
 *       the field counts as null).
 * </ul>
 *
 * Stateless and thread-safe.
 */
public final class SortKey {
  private SortKey() {}

  /** The key of {@code document} for a sort on {@code path} in the given direction. */
  public static BsonValue of(BsonDocument document, FieldPath path, boolean ascending) {
    PathValues values = path.resolve(document);
    BsonValue best = values.missing() || values.values().isEmpty() ? BsonNull.VALUE : null;
    for (BsonValue value : values.values()) {
      if (value.isArray() && value.asArray().isEmpty()) {
        best = better(best, new BsonUndefined(), ascending);
      } else if (value.isArray()) {
        for (BsonValue element : value.asArray()) {
          best = better(best, element, ascending);
        }
      } else {
        best = better(best, value, ascending);
      }
    }
    return best;
  }

  private static BsonValue better(BsonValue current, BsonValue candidate, boolean ascending) {
    if (current == null) {
      return candidate;
    }
    int comparison = BsonComparisonOrder.INSTANCE.compare(candidate, current);
    return (ascending ? comparison < 0 : comparison > 0) ? candidate : current;
  }
}
