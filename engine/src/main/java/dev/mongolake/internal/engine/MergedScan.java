package dev.mongolake.internal.engine;

import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.buffer.DocumentBuffer;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;

/**
 * A collection's documents at one snapshot: the table's documents that the buffer does not
 * override, then the buffer's live documents. Releases its resources when read to the end or
 * closed.
 */
final class MergedScan implements CloseableIterator<BsonDocument> {

  private final DocumentBuffer buffer;
  private final long floor;
  private final long snapshot;
  private final DocumentSnapshot.DocumentScan tableScan;
  private final Iterator<BufferedDocument> bufferScan;
  private final Runnable onClose;
  private BsonDocument next;
  private boolean closed;

  MergedScan(DocumentBuffer buffer, TableView view, long snapshot, Runnable onClose) {
    this.buffer = buffer;
    this.floor = view.floor();
    this.snapshot = snapshot;
    this.tableScan = view.snapshot() == null ? null : view.snapshot().scan();
    this.bufferScan = buffer.entries(floor, snapshot);
    this.onClose = onClose;
  }

  @Override
  public boolean hasNext() {
    while (next == null && !closed) {
      if (tableScan != null && tableScan.hasNext()) {
        BsonDocument document = tableScan.next();
        if (buffer.get(document.get("_id"), floor, snapshot).isEmpty()) {
          next = document;
        }
      } else if (bufferScan.hasNext()) {
        BufferedDocument entry = bufferScan.next();
        if (!entry.isTombstone()) {
          next = entry.document();
        }
      } else {
        close();
      }
    }
    return next != null;
  }

  @Override
  public BsonDocument next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    BsonDocument current = next;
    next = null;
    return current;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      if (tableScan != null) {
        tableScan.close();
      }
      onClose.run();
    }
  }
}
