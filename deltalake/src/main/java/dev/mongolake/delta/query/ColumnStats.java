package dev.mongolake.delta.query;

import org.bson.BsonValue;

/**
 * Statistics of one document path over the documents of one data file, as the pruner reads them.
 *
 * <p>Contract for producers (the pruner is only as sound as these numbers):
 *
 * <ul>
 *   <li>{@code min} and {@code max} bound, in {@link BsonComparisonOrder}, every non-null value the
 *       path resolves to in every document of the file (with {@link
 *       dev.mongolake.delta.query.ast.FieldPath}'s traversal rules), where an array at the end of
 *       the path counts as its elements. A producer that cannot guarantee this (for example because
 *       some documents hold values that its typed column does not capture) must give {@code null}
 *       for both: unknown bounds never prune.
 *   <li>{@code nullCount} counts the documents in which {@code {path: null}} or {@code {path:
 *       {$exists: false}}} matches (null, missing, or no value at all); over-counting is safe,
 *       under-counting is not. {@code null} means unknown.
 * </ul>
 *
 * @param min lower bound of the values, or null when unknown
 * @param max upper bound of the values, or null when unknown
 * @param nullCount documents with null or missing values, or null when unknown
 */
public record ColumnStats(BsonValue min, BsonValue max, Long nullCount) {
  public ColumnStats {
    if ((min == null) != (max == null)) {
      throw new IllegalArgumentException("min and max must be both known or both unknown");
    }
    if (nullCount != null && nullCount < 0) {
      throw new IllegalArgumentException("nullCount must not be negative: " + nullCount);
    }
  }

  /** Whether {@code min} and {@code max} are known. */
  public boolean hasBounds() {
    return min != null;
  }
}
