package dev.mongolake.internal.buffer;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What the buffer holds for one {@code _id} at a snapshot: a document, or a tombstone that hides
 * any flushed version of it.
 *
 * @param document the document, or {@code null} for a tombstone
 */
public record BufferedDocument(BsonValue id, long sequence, BsonDocument document) {

  public boolean isTombstone() {
    return document == null;
  }
}
