package dev.mongolake.internal.engine;

import dev.mongolake.delta.Cancellation;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.ColumnProjection;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.delta.table.ScanMetrics;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.buffer.DocumentBuffer;
import dev.mongolake.internal.read.QueryErrors;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.bson.BsonDocument;

/**
 * A collection's documents at one read sequence: the table's documents that the buffer does not
 * override, then the buffer's live documents. Releases its resources when read to the end or
 * closed.
 */
final class MergedScan implements CloseableIterator<BsonDocument> {

  private final DocumentBuffer buffer;
  private final long floor;
  private final long readSequence;
  private final DocumentSnapshot.DocumentScan tableScan;
  private final Iterator<BufferedDocument> bufferScan;
  private final ColumnProjection projection;
  private final Runnable onClose;
  private BsonDocument next;
  private boolean closed;
  private long examined;

  /** A mask: a scan checks for {@link Cancellation} once per 1,024 documents it examines. */
  private static final long CANCELLATION_CHECK_MASK = 1023;

  /**
   * A scan whose documents are {@code projection}'s (the table's read from exact columns where it
   * can, the buffer's projected alike), or whole when it is null.
   *
   * @param tableFilter when not null, only the table's documents matching it are read (the table
   *     skips files and row groups that cannot match); buffered documents are all returned, so the
   *     caller still applies its filter
   * @param onTableMetrics told what the table scan read, when the scan closes
   */
  MergedScan(
      DocumentBuffer buffer,
      TableView view,
      long readSequence,
      Filter tableFilter,
      ColumnProjection projection,
      Consumer<ScanMetrics> onTableMetrics,
      Runnable onClose) {
    this.buffer = buffer;
    this.floor = view.floor();
    this.readSequence = readSequence;
    DocumentSnapshot table = view.snapshot();
    this.tableScan =
        table == null
            ? null
            : projection != null
                ? table.scan(tableFilter, projection)
                : tableFilter == null ? table.scan() : table.scan(tableFilter);
    this.bufferScan = buffer.entries(floor, readSequence);
    this.projection = projection;
    this.onClose =
        () -> {
          if (tableScan != null) {
            onTableMetrics.accept(tableScan.metrics());
          }
          onClose.run();
        };
  }

  @Override
  public boolean hasNext() {
    while (next == null && !closed) {
      if ((++examined & CANCELLATION_CHECK_MASK) == 0) {
        checkNotStopped();
      }
      if (tableScan != null && tableHasNext()) {
        BsonDocument document = tableScan.next();
        if (buffer.get(document.get("_id"), floor, readSequence).isEmpty()) {
          next = document;
        }
      } else if (bufferScan.hasNext()) {
        BufferedDocument entry = bufferScan.next();
        if (!entry.isTombstone()) {
          next = projection == null ? entry.document() : projection.project(entry.document());
        }
      } else {
        close();
      }
    }
    return next != null;
  }

  private boolean tableHasNext() {
    try {
      return tableScan.hasNext();
    } catch (QueryException e) {
      // The table checks the filter too: its evaluation errors read like the engine's own.
      close();
      throw QueryErrors.translate(e);
    } catch (RuntimeException e) {
      // The operation was stopped (Cancellation) or a file failed: release the pinned table version
      // now.
      close();
      throw e;
    }
  }

  private void checkNotStopped() {
    try {
      Cancellation.checkpoint();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
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
