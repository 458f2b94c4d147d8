package dev.mongolake.update;

import java.util.Objects;
import org.bson.BsonDocument;

/**
 * The outcome of applying an update to one document.
 *
 * @param document the updated document (a new instance; the input is never modified)
 * @param modified whether any field changed ({@code false} for a no-op such as setting a field to
 *     the value it already holds); the engine uses it for {@code nModified}
 */
public record UpdateResult(BsonDocument document, boolean modified) {
  public UpdateResult {
    Objects.requireNonNull(document, "document");
  }
}
