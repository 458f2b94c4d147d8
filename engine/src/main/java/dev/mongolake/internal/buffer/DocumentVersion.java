package dev.mongolake.internal.buffer;

import org.bson.BsonDocument;

/**
 * One version of a document in the buffer, linked to the version it replaced.
 *
 * @param sequence the log sequence of the change that produced it
 * @param document the document, or {@code null} for a deletion (tombstone)
 * @param created whether the change created the document (an insert: no earlier version existed in
 *     the buffer or the table)
 * @param older the previous buffered version, or {@code null}
 */
record DocumentVersion(
    long sequence, BsonDocument document, boolean created, DocumentVersion older) {

  boolean isTombstone() {
    return document == null;
  }

  /** The newest version at or below {@code readSequence}, or {@code null} if all are newer. */
  DocumentVersion visibleAt(long readSequence) {
    DocumentVersion version = this;
    while (version != null && version.sequence > readSequence) {
      version = version.older;
    }
    return version;
  }

  /**
   * The oldest version above {@code floor}: whether it was a creation tells whether the table (as
   * of {@code floor}) holds the document.
   */
  DocumentVersion oldestAbove(long floor) {
    DocumentVersion oldest = null;
    for (DocumentVersion v = this; v != null && v.sequence > floor; v = v.older) {
      oldest = v;
    }
    return oldest;
  }

  /** This chain without the versions at or below {@code floor}, or {@code null} if none is left. */
  DocumentVersion above(long floor) {
    if (sequence <= floor) {
      return null;
    }
    DocumentVersion rest = older == null ? null : older.above(floor);
    return rest == older ? this : new DocumentVersion(sequence, document, created, rest);
  }
}
