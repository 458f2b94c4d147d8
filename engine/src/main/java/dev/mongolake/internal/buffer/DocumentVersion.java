package dev.mongolake.internal.buffer;

import org.bson.BsonDocument;

/**
 * One version of a document in the buffer, linked to the version it replaced.
 *
 * @param sequence the log sequence of the change that produced it
 * @param document the document, or {@code null} for a deletion (tombstone)
 * @param older the previous buffered version, or {@code null}
 */
record DocumentVersion(long sequence, BsonDocument document, DocumentVersion older) {

  boolean isTombstone() {
    return document == null;
  }

  /** The newest version at or below {@code snapshot}, or {@code null} if all are newer. */
  DocumentVersion visibleAt(long snapshot) {
    DocumentVersion version = this;
    while (version != null && version.sequence > snapshot) {
      version = version.older;
    }
    return version;
  }

  /** This chain without versions that no snapshot at or above {@code oldestSnapshot} can see. */
  DocumentVersion prunedBelow(long oldestSnapshot) {
    if (sequence <= oldestSnapshot || older == null) {
      return older == null ? this : new DocumentVersion(sequence, document, null);
    }
    DocumentVersion prunedOlder = older.prunedBelow(oldestSnapshot);
    return prunedOlder == older ? this : new DocumentVersion(sequence, document, prunedOlder);
  }
}
