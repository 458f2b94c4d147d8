package dev.mongolake.delta.parquet.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Optional;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.InputFile;

/**
 * A {@link ParquetFileReader} that takes the footer, column and offset indexes and bloom filters of
 * its file from {@link CachedFileParts} instead of reading and parsing them again, and adds the
 * ones it has to read. parquet-java reaches all three through these overridable methods, including
 * the row-group pruning its constructor does.
 */
public final class CachedParquetFileReader extends ParquetFileReader {
  private final CachedFileParts parts;
  private long onlyRowInGroup = -1;

  public CachedParquetFileReader(InputFile file, CachedFileParts parts, ParquetReadOptions options)
      throws IOException {
    // Assigned before super(...): its constructor already prunes row groups by bloom filter.
    this.parts = parts;
    super(file, parts.footer(), options, file.newStream());
  }

  @Override
  public ColumnIndex readColumnIndex(ColumnChunkMetaData column) throws IOException {
    IndexReference reference = column.getColumnIndexReference();
    if (reference == null) {
      return null;
    }
    Optional<ColumnIndex> cached = parts.columnIndex(reference.getOffset());
    if (cached != null) {
      return cached.orElse(null);
    }
    ColumnIndex index = MemoizedColumnIndex.of(super.readColumnIndex(column));
    // Parsed indexes hold the min and max of every page twice (parsed and as buffers): about
    // three times their encoded size.
    parts.putColumnIndex(reference.getOffset(), index, 3L * reference.getLength() + 64);
    return index;
  }

  @Override
  public OffsetIndex readOffsetIndex(ColumnChunkMetaData column) throws IOException {
    IndexReference reference = column.getOffsetIndexReference();
    if (reference == null) {
      return null;
    }
    Optional<OffsetIndex> cached = parts.offsetIndex(reference.getOffset());
    OffsetIndex index;
    if (cached != null) {
      index = cached.orElse(null);
    } else {
      index = super.readOffsetIndex(column);
      // Three longs per page in memory, against a few varint bytes in the file.
      long weight = index == null ? 64 : 24L * index.getPageCount() + 64;
      parts.putOffsetIndex(reference.getOffset(), index, weight);
    }
    return index == null || onlyRowInGroup < 0
        ? index
        : OffsetIndexPage.holding(index, onlyRowInGroup);
  }

  /**
   * The pages of row group {@code block} that hold its row {@code row} (0-based within the group),
   * one per column, as {@link #readFilteredRowGroup} reads them for a selection of that one row;
   * but parquet-java is shown only the offset-index page that holds the row, so it does not compare
   * every page of each column with it.
   */
  public PageReadStore readRowOfRowGroup(int block, long row) throws IOException {
    onlyRowInGroup = row;
    try {
      return readFilteredRowGroup(block, RowRanges.builder().addSelectedRow(row).build());
    } finally {
      onlyRowInGroup = -1;
    }
  }

  @Override
  public BloomFilter readBloomFilter(ColumnChunkMetaData column) throws IOException {
    long offset = column.getBloomFilterOffset();
    if (offset < 0) {
      return null;
    }
    Optional<byte[]> cached = parts.bloomFilterBitset(offset);
    if (cached != null) {
      return cached.map(BlockSplitBloomFilter::new).orElse(null);
    }
    BloomFilter filter = super.readBloomFilter(column);
    if (filter == null || filter instanceof BlockSplitBloomFilter) {
      parts.putBloomFilterBitset(offset, filter == null ? null : bitset(filter));
    }
    return filter;
  }

  private static byte[] bitset(BloomFilter filter) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(filter.getBitsetSize());
    filter.writeTo(bytes);
    return bytes.toByteArray();
  }
}
