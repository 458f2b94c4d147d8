package dev.mongolake.delta.table;

import dev.mongolake.delta.Cancellation;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.FileMetadataCache;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.bson.BsonDocument;

/**
 * One data file read on its own virtual thread: its footer, bloom filters and pages are fetched and
 * its rows decoded and filtered while the consumer is still busy with earlier files. Documents pass
 * to the consumer in batches of up to {@value #BATCH}, or fewer once {@value #BATCH_MICROS} µs went
 * by since a batch's first: handing each document over alone parks and wakes a thread per row,
 * which cost a multi-file scan twice the time of a single file's on two cores. At most {@value
 * #CAPACITY} documents wait in the queue; the reader then blocks until the consumer catches up.
 */
final class FileRows {

  /** Documents a file may run ahead of its consumer. */
  static final int CAPACITY = 256;

  /** Documents per hand-over at most. */
  static final int BATCH = 64;

  /** How long a batch may wait for more documents before it is handed over (a slow filter's). */
  static final long BATCH_MICROS = 1_000;

  /** How long a consumer waits for a file's next row before it checks whether it must stop. */
  private static final long CANCELLATION_CHECK_MILLIS = 20;

  /** The end of a file, with what reading it cost. */
  record Done(
      int rowGroups,
      int rowGroupsRead,
      long pagesRead,
      long rowsRead,
      long rowsMatched,
      boolean fromColumns) {}

  /** A failure of the reading thread, handed to the consumer. */
  record Failed(RuntimeException error) {}

  private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(CAPACITY / BATCH);
  // The consumer's side: the batch it is taking documents from, and where it is in it.
  private List<BsonDocument> taking = List.of();
  private int next;
  private final Thread thread;
  private volatile boolean cancelled;

  private FileRows(
      Storage storage,
      String path,
      long size,
      DocumentReadOptions options,
      Function<DocumentRow, BsonDocument> rowDocument,
      Filter residual) {
    this.thread =
        Thread.ofVirtual()
            .name("mongolake-scan-" + path)
            .start(() -> read(storage, path, size, options, rowDocument, residual));
  }

  /**
   * Starts reading a file.
   *
   * @param rowDocument the document the scan returns for a row
   * @param residual the filter that document must match, or null
   */
  static FileRows start(
      Storage storage,
      String path,
      long size,
      DocumentReadOptions options,
      Function<DocumentRow, BsonDocument> rowDocument,
      Filter residual) {
    return new FileRows(storage, path, size, options, rowDocument, residual);
  }

  private void read(
      Storage storage,
      String path,
      long size,
      DocumentReadOptions options,
      Function<DocumentRow, BsonDocument> rowDocument,
      Filter residual) {
    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, path, size, options, FileMetadataCache.shared())) {
      long read = 0;
      long matched = 0;
      List<BsonDocument> batch = new ArrayList<>(BATCH);
      long batchStarted = 0;
      for (DocumentRow row = reader.next(); row != null && !cancelled; row = reader.next()) {
        read++;
        BsonDocument document = rowDocument.apply(row);
        if (residual == null || residual.matches(document)) {
          matched++;
          if (batch.isEmpty()) {
            batchStarted = System.nanoTime();
          }
          batch.add(document);
        }
        if (batch.size() == BATCH
            || (!batch.isEmpty() && System.nanoTime() - batchStarted > BATCH_MICROS * 1_000)) {
          queue.put(batch);
          batch = new ArrayList<>(BATCH);
        }
      }
      if (!batch.isEmpty()) {
        queue.put(batch);
      }
      queue.put(
          new Done(
              reader.rowGroupCount(),
              reader.rowGroupsRead(),
              reader.pagesRead(),
              read,
              matched,
              !reader.readsDocument()));
    } catch (InterruptedException stopped) {
      // Cancelled by the consumer: nobody is waiting for the rest.
    } catch (RuntimeException | Error e) {
      // The consumer blocks on this queue: it must hear of every way this thread can end.
      if (!cancelled) {
        offerUninterruptibly(
            new Failed(
                e instanceof RuntimeException runtime
                    ? runtime
                    : new IllegalStateException("Reading " + path + " failed: " + e, e)));
      }
    }
  }

  private void offerUninterruptibly(Object item) {
    while (true) {
      try {
        queue.put(item);
        return;
      } catch (InterruptedException e) {
        if (cancelled) {
          return;
        }
      }
    }
  }

  /**
   * The next document, a {@link Done} at the end, or a {@link Failed}. Blocks until there is one,
   * checking now and then whether the consumer's operation must stop (see {@link Cancellation}).
   */
  Object take() {
    if (next < taking.size()) {
      return taking.get(next++);
    }
    try {
      while (true) {
        Object item = queue.poll(CANCELLATION_CHECK_MILLIS, TimeUnit.MILLISECONDS);
        if (item instanceof List<?> batch) {
          @SuppressWarnings("unchecked")
          List<BsonDocument> documents = (List<BsonDocument>) batch;
          taking = documents;
          next = 1;
          return documents.getFirst();
        }
        if (item != null) {
          return item;
        }
        Cancellation.checkpoint();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while reading a data file", e);
    }
  }

  /** Stops the reading thread and drops what it buffered. */
  void cancel() {
    cancelled = true;
    thread.interrupt();
    queue.clear();
    taking = List.of();
  }
}
