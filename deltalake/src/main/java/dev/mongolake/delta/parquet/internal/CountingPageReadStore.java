package dev.mongolake.delta.parquet.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;

/**
 * A row group's pages as parquet-java's record reader pulls them, counting the data pages each
 * column decodes: the pages the column index left, as far as the reader got. Dictionary pages are
 * not counted. Single-threaded, like the reader.
 */
final class CountingPageReadStore implements PageReadStore {
  private final PageReadStore pages;
  private final List<CountingPageReader> readers = new ArrayList<>();

  CountingPageReadStore(PageReadStore pages) {
    this.pages = pages;
  }

  /** The most data pages any one column of this row group has decoded so far. */
  int mostPagesOfOneColumn() {
    int most = 0;
    for (CountingPageReader reader : readers) {
      most = Math.max(most, reader.pages);
    }
    return most;
  }

  @Override
  public PageReader getPageReader(ColumnDescriptor column) {
    CountingPageReader reader = new CountingPageReader(pages.getPageReader(column));
    readers.add(reader);
    return reader;
  }

  @Override
  public long getRowCount() {
    return pages.getRowCount();
  }

  @Override
  public Optional<Long> getRowIndexOffset() {
    return pages.getRowIndexOffset();
  }

  @Override
  public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
    return pages.getRowIndexes();
  }

  @Override
  public void close() {
    pages.close();
  }

  private static final class CountingPageReader implements PageReader {
    private final PageReader source;
    private int pages;

    CountingPageReader(PageReader source) {
      this.source = source;
    }

    @Override
    public DictionaryPage readDictionaryPage() {
      return source.readDictionaryPage();
    }

    @Override
    public long getTotalValueCount() {
      return source.getTotalValueCount();
    }

    @Override
    public DataPage readPage() {
      DataPage page = source.readPage();
      if (page != null) {
        pages++;
      }
      return page;
    }
  }
}
