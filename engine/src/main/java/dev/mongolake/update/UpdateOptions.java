package dev.mongolake.update;

import java.util.List;
import java.util.Objects;
import org.bson.BsonDocument;

/**
 * Options that shape how an update is parsed.
 *
 * @param arrayFilters the {@code arrayFilters} of the update command: one filter document per
 *     {@code $[<identifier>]} the update uses (for example {@code {"x.grade": {$gte: 85}}} for
 *     {@code $[x]})
 */
public record UpdateOptions(List<BsonDocument> arrayFilters) {
  /** No array filters. */
  public static final UpdateOptions DEFAULT = new UpdateOptions(List.of());

  public UpdateOptions {
    Objects.requireNonNull(arrayFilters, "arrayFilters");
    arrayFilters = arrayFilters.stream().map(BsonDocument::clone).toList();
  }

  /** Options with the given array filters. */
  public static UpdateOptions withArrayFilters(List<BsonDocument> arrayFilters) {
    return new UpdateOptions(arrayFilters);
  }
}
