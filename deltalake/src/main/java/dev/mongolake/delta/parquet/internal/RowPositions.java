package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.ParquetFileException;
import java.util.PrimitiveIterator;
import org.apache.parquet.column.page.PageReadStore;

/**
 * The physical positions (0-based over all row groups of the file) of the rows of one row group as
 * a reader reads them: from the group's first row on, or, when the column index kept only some
 * pages, the rows of those pages. The index a Delta deletion vector names a row by, whichever row
 * groups and pages the filters skipped. Single-threaded.
 */
public final class RowPositions {
  private final String path;
  private final long firstRow;
  private final PrimitiveIterator.OfLong keptRows;
  private long next;

  private RowPositions(String path, long firstRow, PrimitiveIterator.OfLong keptRows) {
    this.path = path;
    this.firstRow = firstRow;
    this.keptRows = keptRows;
  }

  /**
   * The positions of the rows of {@code pages}, a row group read by parquet-java's {@code
   * ParquetFileReader}.
   *
   * @param required whether the positions must be known (to apply a deletion vector)
   * @throws ParquetFileException if they are required and the reader does not know where the row
   *     group starts
   */
  public static RowPositions of(PageReadStore pages, String path, boolean required) {
    long first = pages.getRowIndexOffset().orElse(-1L);
    if (first < 0 && required) {
      throw new ParquetFileException(
          "Cannot apply a deletion vector to "
              + path
              + ": the reader does not know where a row group starts");
    }
    return new RowPositions(path, first, pages.getRowIndexes().orElse(null));
  }

  /** The position of the next row read, or -1 when the row group's start is unknown. */
  public long next() {
    if (firstRow < 0) {
      return -1;
    }
    if (keptRows == null) {
      return firstRow + next++;
    }
    if (!keptRows.hasNext()) {
      throw new ParquetFileException(
          "Cannot read Parquet file " + path + ": a row group has more rows than its row ranges");
    }
    return firstRow + keptRows.nextLong();
  }
}
