package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.FileMetadataCache;
import dev.mongolake.delta.parquet.ParquetFileException;
import dev.mongolake.delta.parquet.ParquetFiles;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Reads the records of one Parquet file row group by row group, as parquet-java's {@code
 * ParquetReader} does, but over a {@link ParquetFileReader} we hold: that is what lets a scan
 * report how many row groups the file has and how many survived the statistics, dictionary, bloom
 * filter and column index filters (the stock reader hides both), and that numbers each record by
 * its physical position in the file (0-based over all row groups, whichever row groups and pages
 * the filters skip), which is how a Delta deletion vector names the rows it deletes.
 *
 * <p>Single-threaded; the caller closes it.
 */
public final class RowGroupRecordReader<T> implements AutoCloseable {
  private final String path;
  private final ParquetFileReader file;
  private final MessageColumnIO columnIO;
  private final RecordMaterializer<T> materializer;
  private final FilterCompat.Filter filter;
  private final int rowGroupCount;
  private LongPredicate deletedRows;
  private long onlyRow = -1;
  private boolean onlyRowRead;
  private RecordReader<T> records;
  private RowPositions positions;
  private long rowIndex = -1;
  private long remainingInRowGroup;
  private int rowGroupsRead;
  private long pagesReadBefore;
  private CountingPageReadStore currentPages;

  private RowGroupRecordReader(
      String path,
      ParquetFileReader file,
      MessageColumnIO columnIO,
      RecordMaterializer<T> materializer,
      FilterCompat.Filter filter) {
    this.path = path;
    this.file = file;
    this.columnIO = columnIO;
    this.materializer = materializer;
    this.filter = filter;
    this.rowGroupCount = file.getFooter().getBlocks().size();
  }

  /**
   * Opens {@code input}, reading its footer and pruning row groups by {@code filter}.
   *
   * @throws ParquetFileException if the footer cannot be read or the read support refuses the file
   */
  public static <T> RowGroupRecordReader<T> open(
      InputFile input, ReadSupport<T> readSupport, FilterCompat.Filter filter) {
    return open(input, ParquetFiles.openFile(input, filter), readSupport, filter);
  }

  /**
   * As {@link #open(InputFile, ReadSupport, FilterCompat.Filter)}, with the file's parts cached.
   */
  public static <T> RowGroupRecordReader<T> open(
      InputFile input,
      ReadSupport<T> readSupport,
      FilterCompat.Filter filter,
      FileMetadataCache cache) {
    return open(input, ParquetFiles.openFile(input, filter, cache), readSupport, filter);
  }

  private static <T> RowGroupRecordReader<T> open(
      InputFile input,
      ParquetFileReader file,
      ReadSupport<T> readSupport,
      FilterCompat.Filter filter) {
    try {
      FileMetaData metadata = file.getFooter().getFileMetaData();
      MessageType fileSchema = metadata.getSchema();
      Map<String, String> keyValues = metadata.getKeyValueMetaData();
      ParquetConfiguration configuration = new PlainParquetConfiguration();
      ReadSupport.ReadContext context =
          readSupport.init(new InitContext(configuration, asSets(keyValues), fileSchema));
      MessageType requested = context.getRequestedSchema();
      file.setRequestedSchema(requested);
      RecordMaterializer<T> materializer =
          readSupport.prepareForRead(configuration, keyValues, fileSchema, context);
      MessageColumnIO columnIO =
          new ColumnIOFactory(metadata.getCreatedBy()).getColumnIO(requested, fileSchema, true);
      return new RowGroupRecordReader<>(input.toString(), file, columnIO, materializer, filter);
    } catch (RuntimeException e) {
      closeQuietly(file, e);
      throw e instanceof ParquetFileException p
          ? p
          : new ParquetFileException("Cannot read Parquet file " + input + ": " + e, e);
    }
  }

  /**
   * Skips the records at these physical row indexes (a Delta deletion vector), or none for null.
   * Set before the first {@link #next()}.
   */
  public void skipRows(LongPredicate deleted) {
    this.deletedRows = deleted;
  }

  /**
   * Reads only the row at this physical index (0-based over all row groups): of each column, only
   * the page that holds it, whatever the pages' row counts. For a point read that knows the row
   * from a first pass over the {@code _id} column. Set before the first {@link #next()}; the filter
   * given at open should be {@code NOOP}, since the row groups are then not pruned and {@code row}
   * is looked up among all of them.
   */
  public void onlyRow(long row) {
    if (row < 0) {
      throw new IllegalArgumentException("Cannot read row " + row + ": rows start at 0");
    }
    this.onlyRow = row;
  }

  /**
   * The next record that passes the filter (and is not skipped by {@link #skipRows}), or {@code
   * null} at the end of the file.
   */
  public T next() throws IOException {
    while (true) {
      if (remainingInRowGroup == 0) {
        PageReadStore read = onlyRow < 0 ? file.readNextFilteredRowGroup() : readOnlyRow();
        if (currentPages != null) {
          pagesReadBefore += currentPages.mostPagesOfOneColumn();
          currentPages = null;
        }
        if (read == null) {
          return null;
        }
        rowGroupsRead++;
        CountingPageReadStore pages = new CountingPageReadStore(read);
        currentPages = pages;
        records = columnIO.getRecordReader(pages, materializer, filter);
        remainingInRowGroup = pages.getRowCount();
        positions = RowPositions.of(pages, path, deletedRows != null);
        continue;
      }
      T record = records.read();
      remainingInRowGroup--;
      long index = positions.next();
      if (records.shouldSkipCurrentRecord()) {
        continue;
      }
      if (record == null) {
        // The filtering record reader returns null once the rest of the row group is filtered out.
        remainingInRowGroup = 0;
        continue;
      }
      if (deletedRows != null && deletedRows.test(index)) {
        continue;
      }
      rowIndex = index;
      return record;
    }
  }

  /** The row group holding {@link #onlyRow}, narrowed to that row; null once it was read. */
  private PageReadStore readOnlyRow() throws IOException {
    if (onlyRowRead) {
      return null;
    }
    onlyRowRead = true;
    List<BlockMetaData> blocks = file.getRowGroups();
    if (blocks.size() != rowGroupCount) {
      // readFilteredRowGroup numbers the row groups the filter kept, not the file's.
      throw new IllegalStateException(
          "Cannot read row " + onlyRow + " of " + path + ": its row groups were filtered");
    }
    long first = 0;
    for (int block = 0; block < blocks.size(); block++) {
      long rows = blocks.get(block).getRowCount();
      if (onlyRow < first + rows) {
        return file instanceof CachedParquetFileReader cached
            ? cached.readRowOfRowGroup(block, onlyRow - first)
            : file.readFilteredRowGroup(
                block, RowRanges.builder().addSelectedRow(onlyRow - first).build());
      }
      first += rows;
    }
    return null;
  }

  /** The physical row index of the record {@link #next()} returned last, or -1 before it. */
  public long rowIndex() {
    return rowIndex;
  }

  /** The row groups in the file. */
  public int rowGroupCount() {
    return rowGroupCount;
  }

  /** The row groups whose pages have been read so far (those no filter excluded). */
  public int rowGroupsRead() {
    return rowGroupsRead;
  }

  /**
   * The data pages read so far: in each row group read, the most pages any one column decoded (a
   * point read that the column index narrowed to one page run reads 1 per row group).
   */
  public long pagesRead() {
    return pagesReadBefore + (currentPages == null ? 0 : currentPages.mostPagesOfOneColumn());
  }

  @Override
  public void close() throws IOException {
    file.close();
  }

  @Override
  public String toString() {
    return path;
  }

  private static Map<String, Set<String>> asSets(Map<String, String> keyValues) {
    Map<String, Set<String>> sets = new HashMap<>();
    keyValues.forEach((key, value) -> sets.put(key, Set.of(value)));
    return sets;
  }

  private static void closeQuietly(ParquetFileReader file, RuntimeException failure) {
    try {
      file.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
