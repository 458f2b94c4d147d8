package dev.mongolake.delta.parquet.internal;

import java.util.Optional;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * The page of a column chunk's offset index that holds a given row, as an offset index of that page
 * and the chunk's first page. Handed to parquet-java for a read of one row: given the whole index
 * it compares every page with the row (thousands of pages per column in a row group of ~1 KiB
 * documents), once per point read; given this view, at most two. The first page stays because
 * parquet-java takes the offset of the index's first page as the end of a dictionary page before
 * it, and would otherwise read every page before the one wanted as a dictionary.
 *
 * @param index the whole offset index of the column chunk
 * @param page the page of {@code index} that holds the row
 */
record OffsetIndexPage(OffsetIndex index, int page) implements OffsetIndex {

  OffsetIndexPage {
    if (page < 0 || page >= index.getPageCount()) {
      throw new IllegalArgumentException(
          "Cannot view page " + page + " of an offset index of " + index.getPageCount());
    }
  }

  /**
   * The page of {@code index} holding {@code row} (0-based within the row group): the last one
   * whose first row is at or before it.
   */
  static OffsetIndexPage holding(OffsetIndex index, long row) {
    int low = 0;
    int high = index.getPageCount() - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      if (index.getFirstRowIndex(middle) <= row) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return new OffsetIndexPage(index, low);
  }

  @Override
  public int getPageCount() {
    return page == 0 ? 1 : 2;
  }

  @Override
  public long getOffset(int pageIndex) {
    return index.getOffset(original(pageIndex));
  }

  @Override
  public int getCompressedPageSize(int pageIndex) {
    return index.getCompressedPageSize(original(pageIndex));
  }

  @Override
  public long getFirstRowIndex(int pageIndex) {
    return index.getFirstRowIndex(original(pageIndex));
  }

  @Override
  public int getPageOrdinal(int pageIndex) {
    return index.getPageOrdinal(original(pageIndex));
  }

  @Override
  public long getLastRowIndex(int pageIndex, long rowGroupRowCount) {
    // The page's own end, not the row group's: this view's last page is seldom the chunk's.
    return index.getLastRowIndex(original(pageIndex), rowGroupRowCount);
  }

  @Override
  public Optional<Long> getUnencodedByteArrayDataBytes(int pageIndex) {
    return index.getUnencodedByteArrayDataBytes(original(pageIndex));
  }

  private int original(int pageIndex) {
    if (pageIndex < 0 || pageIndex >= getPageCount()) {
      throw new IndexOutOfBoundsException(
          "An offset index of " + getPageCount() + " pages has no page " + pageIndex);
    }
    return pageIndex == 0 ? 0 : page;
  }
}
