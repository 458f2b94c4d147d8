package dev.mongolake.update;

import dev.mongolake.delta.order.Collation;
import java.util.List;
import java.util.Objects;
import org.bson.BsonDocument;

/**
 * Options that shape how an update is parsed.
 *
 * @param arrayFilters the {@code arrayFilters} of the update command: one filter document per
 *     {@code $[<identifier>]} the update uses (for example {@code {"x.grade": {$gte: 85}}} for
 *     {@code $[x]})
 * @param collation the collation of the update command (its {@code collation}, else the
 *     collection's default): MongoDB gives it to the operators that compare ({@code $addToSet}'s
 *     membership, {@code $pull} and {@code $pullAll}'s matching, {@code $push}'s {@code $sort},
 *     {@code $min}, {@code $max}) and parses the array filters with it
 */
public record UpdateOptions(List<BsonDocument> arrayFilters, Collation collation) {
  /** No array filters, the simple collation. */
  public static final UpdateOptions DEFAULT = new UpdateOptions(List.of());

  public UpdateOptions {
    Objects.requireNonNull(arrayFilters, "arrayFilters");
    Objects.requireNonNull(collation, "collation");
    arrayFilters = arrayFilters.stream().map(BsonDocument::clone).toList();
  }

  /** Options with {@code arrayFilters} under the simple collation. */
  public UpdateOptions(List<BsonDocument> arrayFilters) {
    this(arrayFilters, Collation.SIMPLE);
  }

  /** Options with the given array filters. */
  public static UpdateOptions withArrayFilters(List<BsonDocument> arrayFilters) {
    return new UpdateOptions(arrayFilters);
  }

  /** These options under {@code collation}. */
  public UpdateOptions withCollation(Collation collation) {
    return new UpdateOptions(arrayFilters, collation);
  }
}
