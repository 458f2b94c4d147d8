package dev.mongolake.internal.engine;

import dev.mongolake.delta.parquet.IdEncoding;
import java.util.List;
import org.bson.BsonDocument;

/**
 * How a collection's table stores {@code _id}: a typed, readable column when every {@code _id}
 * shares one type that has one (ObjectId as its hex string, string, int32, int64), else the opaque
 * {@link IdEncoding#KEY}, which stores any value. A Delta table has one type per column, so the
 * choice is per table: the first flush that writes documents chooses, and a later flush with an
 * {@code _id} the table's encoding cannot store re-encodes the whole table to KEY first.
 *
 * <p>The type check is by BSON type, never by value: an Int64 {@code 1} does not fit an INT32 table
 * (the typed column would give it back as an Int32), nor a Double {@code 1.0}, though MongoDB finds
 * either with {@code {_id: 1}}; such an id moves the table to KEY.
 */
final class IdEncodingChoice {

  private IdEncodingChoice() {}

  /** The encoding for a table whose first documents are {@code documents}. */
  static IdEncoding forFirst(List<BsonDocument> documents) {
    IdEncoding chosen = null;
    for (BsonDocument document : documents) {
      IdEncoding encoding = IdEncoding.forValue(document.get("_id"));
      if (chosen != null && encoding != chosen) {
        return IdEncoding.KEY;
      }
      chosen = encoding;
    }
    return chosen == null ? IdEncoding.KEY : chosen;
  }

  /**
   * The encoding a table that stores {@code current} needs before {@code documents} are written to
   * it: {@code current} when they fit; when they do not, the choice for them alone if the table
   * holds no file (retyping it rewrites nothing), else KEY.
   */
  static IdEncoding forWrite(
      IdEncoding current, boolean tableHasFiles, List<BsonDocument> documents) {
    if (documents.isEmpty()) {
      return current;
    }
    if (!tableHasFiles) {
      return forFirst(documents);
    }
    for (BsonDocument document : documents) {
      if (!current.fits(document.get("_id"))) {
        return IdEncoding.KEY;
      }
    }
    return current;
  }
}
