package dev.mongolake.delta.query;

import dev.mongolake.delta.order.BsonComparisonOrder;
import org.bson.BsonValue;

/**
 * Statistics of one document path over the documents of one data file, as the pruner reads them.
 * Two shapes exist, and a producer must say which one it gives:
 *
 * <ul>
 *   <li>{@linkplain #ofAllValues all values}: {@code min} and {@code max} bound, in {@link
 *       BsonComparisonOrder}, every non-null value the path reaches in every document (with {@link
 *       dev.mongolake.delta.query.ast.FieldPath}'s traversal; an array at the end of the path
 *       counts as its elements); {@code nullCount} counts the documents in which {@code {path:
 *       null}} or {@code {path: {$exists: false}}} matches.
 *   <li>{@linkplain #ofTypedColumn typed column} (what Parquet and Delta statistics of a promoted
 *       column give): {@code min} and {@code max} bound the values stored in the typed column;
 *       {@code nullCount} counts the documents whose column is null for any reason (null, missing,
 *       an array, a value of another type). Since such documents may hold any value, the bounds
 *       prune only files where {@code nullCount} is 0.
 * </ul>
 *
 * Over-counting {@code nullCount} is safe, under-counting is not. Unknown bounds ({@code null}) and
 * an unknown null count ({@code null}) never prune.
 *
 * @param min lower bound, or null when unknown
 * @param max upper bound, or null when unknown
 * @param nullCount see above, or null when unknown
 * @param nullCountIncludesUnfittedValues true for the typed-column shape
 */
public record ColumnStats(
    BsonValue min, BsonValue max, Long nullCount, boolean nullCountIncludesUnfittedValues) {
  public ColumnStats {
    if ((min == null) != (max == null)) {
      throw new IllegalArgumentException("min and max must be both known or both unknown");
    }
    if (nullCount != null && nullCount < 0) {
      throw new IllegalArgumentException("nullCount must not be negative: " + nullCount);
    }
  }

  /** Statistics whose bounds cover every value the path reaches. */
  public static ColumnStats ofAllValues(BsonValue min, BsonValue max, Long nullCount) {
    return new ColumnStats(min, max, nullCount, false);
  }

  /** Statistics of a typed column, whose null count includes values the column could not hold. */
  public static ColumnStats ofTypedColumn(BsonValue min, BsonValue max, Long nullCount) {
    return new ColumnStats(min, max, nullCount, true);
  }

  /** Whether {@code min} and {@code max} are known. */
  public boolean hasBounds() {
    return min != null;
  }

  /** Whether some document may have a null, missing or (for a typed column) unfitted value. */
  public boolean mayHaveNull() {
    return nullCount == null || nullCount > 0;
  }
}
