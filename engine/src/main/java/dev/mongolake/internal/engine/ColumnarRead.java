package dev.mongolake.internal.engine;

import dev.mongolake.aggregate.ColumnarSource;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.ColumnFile;
import dev.mongolake.delta.table.DocumentSnapshot;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.buffer.DocumentBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A collection at one read sequence for a columnar read: the table's files that may match, and the
 * buffer's changes above the table's floor, which replace or delete table rows and add their own
 * documents (as {@link MergedScan} merges them). Holds a reader pin on the floor until closed.
 */
final class ColumnarRead implements ColumnarSource, AutoCloseable {
  private final DocumentBuffer buffer;
  private final long floor;
  private final long readSequence;
  private final List<ColumnFile> files;
  private final boolean replacesAny;
  private final Runnable release;
  private final Consumer<ColumnFile.Read> onFileRead;
  private boolean closed;

  private ColumnarRead(
      DocumentBuffer buffer,
      long floor,
      long readSequence,
      List<ColumnFile> files,
      Consumer<ColumnFile.Read> onFileRead,
      Runnable release) {
    this.buffer = buffer;
    this.floor = floor;
    this.readSequence = readSequence;
    this.files = files;
    this.replacesAny = buffer.entries(floor, readSequence).hasNext();
    this.onFileRead = onFileRead;
    this.release = release;
  }

  /**
   * The read of {@code columns} over {@code view}, or empty when the view has no table (the read
   * must then go by rows).
   *
   * @param pin called now, {@code release} when the read closes
   */
  static Optional<ColumnarSource> of(
      DocumentBuffer buffer,
      TableView view,
      long readSequence,
      Filter filter,
      List<String> columns,
      Consumer<ColumnFile.Read> onFileRead,
      Runnable pin,
      Runnable release) {
    if (!readable(view, columns)) {
      return Optional.empty();
    }
    DocumentSnapshot table = view.snapshot();
    pin.run();
    return Optional.of(
        new ColumnarRead(
            buffer,
            view.floor(),
            readSequence,
            table.columnFiles(filter, columns),
            onFileRead,
            release));
  }

  /**
   * Whether {@code view} has a table to read {@code columns} from: any path reads, from an exact
   * promoted column where a file has one and from the documents' Variant bytes elsewhere.
   */
  static boolean readable(TableView view, List<String> columns) {
    return view.snapshot() != null
        && columns.stream().noneMatch(path -> path.equals("_id") || path.startsWith("_id."));
  }

  @Override
  public List<ColumnFile> files() {
    return files;
  }

  @Override
  public boolean replaced(BsonValue id) {
    return buffer.get(id, floor, readSequence).isPresent();
  }

  @Override
  public boolean replacesAny() {
    return replacesAny;
  }

  @Override
  public Iterator<BsonDocument> buffered() {
    List<BsonDocument> live = new ArrayList<>();
    for (Iterator<BufferedDocument> entries = buffer.entries(floor, readSequence);
        entries.hasNext(); ) {
      BufferedDocument entry = entries.next();
      if (!entry.isTombstone()) {
        live.add(entry.document());
      }
    }
    return live.iterator();
  }

  @Override
  public void fileRead(ColumnFile.Read read) {
    onFileRead.accept(read);
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      release.run();
    }
  }
}
