package dev.mongolake.aggregate;

import dev.mongolake.delta.table.ColumnFile;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A collection at one snapshot as a columnar read sees it: its table's data files (read by columns
 * where they are exact, see {@link ColumnFile}) and the documents not yet in them. The engine
 * implements it; a pipeline whose leading stages run by columns ({@link Pipeline#columnarColumns})
 * reads it. The caller closes it.
 */
public interface ColumnarSource extends AutoCloseable {

  /** The table's files that may hold a match, in the collection's scan order. */
  List<ColumnFile> files();

  /**
   * Whether the table's row of {@code id} is replaced or deleted by a newer write still in the
   * buffer: such rows are skipped, the buffer's version (if any) comes from {@link #buffered()}.
   * Thread-safe: files are read in parallel.
   */
  boolean replaced(BsonValue id);

  /** Whether {@link #replaced} can be true at all: false lets a read skip the check. */
  boolean replacesAny();

  /** The buffer's live documents, whole, after the table's in scan order. */
  Iterator<BsonDocument> buffered();

  /** Told how each file was read, once read (on the reading thread). */
  void fileRead(ColumnFile.Read read);

  /** Releases the snapshot the read holds. */
  @Override
  void close();
}
