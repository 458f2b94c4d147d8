package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.BsonMemory;
import dev.mongolake.internal.read.SortOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.bson.BsonDocument;

/**
 * Sorts more documents than the memory limit holds: sorted runs of at most the limit go to
 * temporary files ({@link SpilledDocuments}), then one k-way merge reads them back in order.
 * Without {@code allowDiskUse} a sort over the limit fails as MongoDB's does. Equal documents keep
 * their input order (runs are written in input order and the merge prefers the earlier run). Not
 * thread-safe.
 */
final class ExternalSort {

  private final Comparator<? super BsonDocument> order;
  private final MemoryLimit limit;
  private final SpillFiles spill;
  private final String stage;
  private final List<BsonDocument> buffer = new ArrayList<>();
  private final List<Path> runs = new ArrayList<>();
  private long bufferBytes;

  /**
   * A sort by {@code order} (a {@code SortOrder}, or any comparator of the documents), holding at
   * most {@code limit} bytes; {@code stage} names it in the error without disk use.
   */
  ExternalSort(
      Comparator<? super BsonDocument> order, MemoryLimit limit, SpillFiles spill, String stage) {
    this.order = order;
    this.limit = limit;
    this.spill = spill;
    this.stage = stage;
  }

  void add(BsonDocument document) {
    buffer.add(document);
    bufferBytes += BsonMemory.of(document);
    if (bufferBytes > limit.bytesPerStage()) {
      if (!limit.allowDiskUse()) {
        throw new MongoLakeException(
            ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED,
            stage
                + " exceeded memory limit of "
                + limit.bytesPerStage()
                + " bytes, but did not opt in to external sorting.");
      }
      writeRun();
    }
  }

  /** Whether any run went to disk. */
  boolean spilled() {
    return !runs.isEmpty();
  }

  /** The documents in order; the caller closes the spill files when done. */
  Iterator<BsonDocument> sorted() {
    if (runs.isEmpty()) {
      return sortedBuffer().iterator();
    }
    if (!buffer.isEmpty()) {
      writeRun();
    }
    return new Merge();
  }

  /** The buffer in order; stable, so equal documents stay in input order within a run. */
  private List<BsonDocument> sortedBuffer() {
    if (order instanceof SortOrder sortOrder) {
      // Reads each document's sort fields once, not at each comparison.
      return sortOrder.sort(buffer.iterator(), 0);
    }
    buffer.sort(order);
    return buffer;
  }

  private void writeRun() {
    List<BsonDocument> sorted = sortedBuffer();
    Path file = spill.newFile("sort-");
    try (SpilledDocuments.Writer out = new SpilledDocuments.Writer(file)) {
      sorted.forEach(out::write);
    }
    runs.add(file);
    buffer.clear();
    bufferBytes = 0;
  }

  /** One run being read back. */
  private static final class Run implements AutoCloseable {
    private final SpilledDocuments.Reader in;
    private final int index;
    private BsonDocument head;

    Run(Path file, int index) {
      this.in = new SpilledDocuments.Reader(file);
      this.index = index;
      advance();
    }

    void advance() {
      head = in.next();
    }

    @Override
    public void close() {
      in.close();
    }
  }

  private final class Merge implements Iterator<BsonDocument> {
    private final PriorityQueue<Run> heads =
        new PriorityQueue<>(
            Comparator.<Run, BsonDocument>comparing(run -> run.head, order)
                .thenComparingInt(run -> run.index));

    Merge() {
      for (int i = 0; i < runs.size(); i++) {
        Run run = new Run(runs.get(i), i);
        if (run.head == null) {
          run.close();
        } else {
          heads.add(run);
        }
      }
    }

    @Override
    public boolean hasNext() {
      return !heads.isEmpty();
    }

    @Override
    public BsonDocument next() {
      Run run = heads.poll();
      if (run == null) {
        throw new NoSuchElementException();
      }
      BsonDocument out = run.head;
      run.advance();
      if (run.head == null) {
        run.close();
      } else {
        heads.add(run);
      }
      return out;
    }
  }
}
