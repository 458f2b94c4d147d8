package dev.mongolake.internal.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.bson.BsonDocument;

/**
 * A capped collection's scan in its natural order: the table and the buffer hold documents by
 * {@code _id}, so the scan is read whole and ordered by each document's insertion position. The
 * collection's cap bounds what this holds in memory; documents of unknown position keep their scan
 * order, first.
 */
final class InsertionOrdered {

  private InsertionOrdered() {}

  /** {@code scan}'s documents in insertion order; reads and closes {@code scan} now. */
  static CloseableIterator<BsonDocument> of(
      CloseableIterator<BsonDocument> scan, InsertionOrder order) {
    List<BsonDocument> documents = new ArrayList<>();
    try (scan) {
      scan.forEachRemaining(documents::add);
    }
    documents.sort(Comparator.comparingLong(document -> order.position(document.get("_id"))));
    return CloseableIterator.of(documents.iterator());
  }
}
