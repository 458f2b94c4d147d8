package dev.mongolake.internal.buffer;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What the buffer holds for one {@code _id} between a table version and a snapshot: a document, or
 * a tombstone that hides the table's version of it.
 *
 * @param document the document, or {@code null} for a tombstone
 * @param inTable whether the table (at the floor the entry was read against) holds a version of
 *     this {@code _id}, which a flush must then replace or delete
 */
public record BufferedDocument(
    BsonValue id, long sequence, BsonDocument document, boolean inTable) {

  public boolean isTombstone() {
    return document == null;
  }
}
