package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.CachedParquetFileReader;
import dev.mongolake.delta.parquet.internal.IdPageSearch;
import dev.mongolake.delta.parquet.internal.IdPositionReadSupport;
import dev.mongolake.delta.parquet.internal.RowGroupRecordReader;
import dev.mongolake.delta.parquet.internal.StorageInputFile;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.LongPredicate;
import org.apache.parquet.filter2.compat.FilterCompat;

/**
 * Where a document file holds one stored {@code _id}: the first pass of a point read. It reads only
 * the {@code _id} column, of it only the pages the column index admits (one, in a file sorted by
 * {@code _id}), and compares without decoding; the second pass ({@link DocumentFileReader#onlyRow})
 * then reads of the document's columns only the page holding the row. So what a lookup decompresses
 * is bounded by the page size in bytes, not by how many rows a page of the narrow {@code _id}
 * column spans.
 */
public final class IdRows {

  private IdRows() {}

  /**
   * The rows found.
   *
   * @param positions physical row indexes (0-based over all row groups), ascending; rows {@code
   *     deletedRows} names are left out
   * @param rowGroupCount the row groups in the file
   * @param rowGroupsRead the row groups whose {@code _id} pages were read
   * @param pagesRead the {@code _id} pages read
   */
  public record Found(long[] positions, int rowGroupCount, int rowGroupsRead, long pagesRead) {}

  /**
   * The rows of the file at {@code path} whose {@code _id} is {@code stored}, which {@code
   * idFilter} (the equality on the stored {@code _id}) tests.
   *
   * @param stored the id as the column stores it: a {@code Binary}, {@code Integer} or {@code Long}
   * @throws ParquetFileException if the file cannot be read
   */
  public static Found locate(
      Storage storage,
      String path,
      long length,
      Comparable<?> stored,
      FilterCompat.Filter idFilter,
      LongPredicate deletedRows,
      FileMetadataCache cache) {
    StorageInputFile file =
        new StorageInputFile(storage, path, length, StorageInputFile.DEFAULT_TAIL_PREFETCH);
    try (CachedParquetFileReader reader =
        new CachedParquetFileReader(
            file, cache.parts(file), ParquetFiles.readOptions(FilterCompat.NOOP))) {
      IdPageSearch.Result result = IdPageSearch.find(storage, path, reader, stored, deletedRows);
      if (result != null) {
        return new Found(
            result.positions(),
            reader.getFooter().getBlocks().size(),
            result.rowGroupsRead(),
            result.pagesRead());
      }
    } catch (IOException e) {
      throw new ParquetFileException("Cannot read the _id column of " + path + ": " + e, e);
    }
    return throughRecordReader(storage, path, length, idFilter, deletedRows, cache);
  }

  /** {@link #locate} for any file, through parquet-java's record reader. */
  static Found throughRecordReader(
      Storage storage,
      String path,
      long length,
      FilterCompat.Filter idFilter,
      LongPredicate deletedRows,
      FileMetadataCache cache) {
    long[] positions = new long[1];
    int count = 0;
    try (RowGroupRecordReader<Boolean> reader =
        RowGroupRecordReader.open(
            ParquetFiles.inputFile(storage, path, length),
            new IdPositionReadSupport(),
            idFilter,
            cache)) {
      reader.skipRows(deletedRows);
      while (reader.next() != null) {
        if (count == positions.length) {
          positions = Arrays.copyOf(positions, 2 * count);
        }
        positions[count++] = reader.rowIndex();
      }
      return new Found(
          Arrays.copyOf(positions, count),
          reader.rowGroupCount(),
          reader.rowGroupsRead(),
          reader.pagesRead());
    } catch (IOException e) {
      throw new ParquetFileException("Cannot read the _id column of " + path + ": " + e, e);
    }
  }
}
