package dev.mongolake.update.internal;

import dev.mongolake.bson.BsonDebugText;
import org.bson.BsonValue;

/**
 * The field a modification is applied to, with what error messages and time-dependent operators
 * need.
 *
 * @param fieldName the last part of the path ({@code "b"} for {@code a.b}, {@code "0"} for an array
 *     element)
 * @param path the concrete dotted path, positional parts resolved
 * @param document the document being updated
 */
public record FieldTarget(String fieldName, String path, DocumentUnderUpdate document) {
  /** MongoDB's rendering of the document's {@code _id} element ({@code _id: 1}), or "". */
  public String idText() {
    BsonValue id = document.originalId();
    return id == null ? "" : BsonDebugText.element("_id", id);
  }

  /** The {@code _id} element's rendering, or {@code "no id"} (MongoDB's wording for that case). */
  public String idTextOrNoId() {
    BsonValue id = document.originalId();
    return id == null ? "no id" : BsonDebugText.element("_id", id);
  }
}
