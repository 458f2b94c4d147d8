package dev.mongolake.aggregate.internal.window;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.read.SortOrder;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * The {@code sortBy} of {@code $setWindowFields}, or its absence, as the window functions check it:
 * some need one, some exactly one field, range windows one ascending field.
 *
 * @param specification the sort as written; empty when there is none
 * @param order its comparator ({@link SortOrder#NONE} when there is none)
 */
public record SortBy(Optional<BsonDocument> specification, SortOrder order) {

  /** No {@code sortBy}. */
  public static final SortBy NONE = new SortBy(Optional.empty(), SortOrder.NONE);

  /** Parses a {@code sortBy} document with {@code $sort}'s rules. */
  public static SortBy parse(BsonDocument specification) {
    return parse(specification, BsonComparisonOrder.INSTANCE);
  }

  /**
   * Parses a {@code sortBy} document with {@code $sort}'s rules, strings ordered by {@code values}
   * (the command's collation), so ranks tie where the collation finds values equal.
   */
  public static SortBy parse(BsonDocument specification, BsonComparisonOrder values) {
    return new SortBy(Optional.of(specification), SortOrder.parse(specification, values));
  }

  /** Whether there is a {@code sortBy}. */
  public boolean present() {
    return specification.isPresent();
  }

  /** The number of sort fields (0 when absent). */
  public int size() {
    return specification.map(BsonDocument::size).orElse(0);
  }

  /** The first sort field's path; only when {@link #size()} is positive. */
  public String firstField() {
    return specification.orElseThrow().getFirstKey();
  }

  /** Whether the first sort field is ascending; only when {@link #size()} is positive. */
  public boolean firstAscending() {
    return specification.orElseThrow().get(firstField()).asNumber().doubleValue() > 0;
  }
}
