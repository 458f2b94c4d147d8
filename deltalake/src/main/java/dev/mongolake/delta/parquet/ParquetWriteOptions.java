package dev.mongolake.delta.parquet;

import java.util.Map;
import java.util.Set;

/**
 * How a Parquet file is written.
 *
 * @param codec the page compression codec
 * @param zstdLevel the zstd compression level (1..22; 3 is zstd's default), ignored by other codecs
 * @param rowGroupSizeBytes the target size of a row group in bytes (buffered in memory until
 *     flushed, so this bounds the writer's memory)
 * @param pageSizeBytes the target size of a data page in bytes
 * @param dictionaryEncoding whether columns are dictionary-encoded when that pays
 * @param bloomFilterColumns dotted column paths (for example {@code "_id"}) that get a bloom filter
 * @param keyValueMetadata extra key/value pairs stored in the file footer
 * @param columnsWithoutStatistics dotted column paths that get no min/max or size statistics
 *     (neither in the footer nor in the column index): for opaque binary columns, whose bounds no
 *     reader can use and whose comparisons cost a pass over every value
 */
public record ParquetWriteOptions(
    ParquetCodec codec,
    int zstdLevel,
    long rowGroupSizeBytes,
    int pageSizeBytes,
    boolean dictionaryEncoding,
    Set<String> bloomFilterColumns,
    Map<String, String> keyValueMetadata,
    Set<String> columnsWithoutStatistics) {

  /** 128 MiB, parquet-java's default row group size. */
  public static final long DEFAULT_ROW_GROUP_SIZE = 128L * 1024 * 1024;

  /**
   * At most this many rows per data page: parquet-java's default. Pages are bounded by bytes
   * ({@link #DEFAULT_PAGE_SIZE}) instead, so that a narrow column (an int, a dictionary-coded
   * string, {@code _id}) gets long pages, which scans such as DuckDB's read at typed-column speed,
   * while the wide document column gets short ones, which bound what a point read decompresses.
   */
  public static final int PAGE_ROW_COUNT_LIMIT = 20_000;

  /**
   * How many rows a page may grow by between two checks of its size. parquet-java's default, 100,
   * would let a page of ~1 KiB documents reach 100 KiB whatever the page size; checked after every
   * row instead (parquet-java then spaces its checks by how fast the pages fill).
   */
  public static final int MIN_ROWS_BETWEEN_PAGE_SIZE_CHECKS = 1;

  /**
   * 32 KiB of uncompressed values per data page (parquet-java's default is 1 MiB). A point read
   * decompresses one {@code _id} page and one page of the document ({@link IdRows}, {@link
   * DocumentFileReader#onlyRow}): with ~1 KiB documents about 32 of them. Measured with the
   * engine's point read bench (100,000 ~1 KiB documents in 8 files, random string ids): a table
   * lookup at 124 us p50 against 207 us with pages of 100 rows and parquet-java's one-pass read; 16
   * KiB pages gave 103 us for 5% more bytes.
   */
  public static final int DEFAULT_PAGE_SIZE = 32 * 1024;

  public ParquetWriteOptions {
    if (codec == null) {
      throw new IllegalArgumentException("Cannot configure Parquet writer: codec is null");
    }
    if (zstdLevel < 1 || zstdLevel > 22) {
      throw new IllegalArgumentException(
          "Cannot configure Parquet writer: zstd level " + zstdLevel + " is outside 1..22");
    }
    if (rowGroupSizeBytes < 1024) {
      throw new IllegalArgumentException(
          "Cannot configure Parquet writer: row group size " + rowGroupSizeBytes + " < 1024 bytes");
    }
    if (pageSizeBytes < 64) {
      throw new IllegalArgumentException(
          "Cannot configure Parquet writer: page size " + pageSizeBytes + " < 64 bytes");
    }
    bloomFilterColumns = Set.copyOf(bloomFilterColumns);
    keyValueMetadata = Map.copyOf(keyValueMetadata);
    columnsWithoutStatistics = Set.copyOf(columnsWithoutStatistics);
  }

  /** zstd level 3, 128 MiB row groups, 1 MiB pages, dictionaries on, no bloom filters. */
  public static ParquetWriteOptions defaults() {
    return new ParquetWriteOptions(
        ParquetCodec.ZSTD,
        3,
        DEFAULT_ROW_GROUP_SIZE,
        DEFAULT_PAGE_SIZE,
        true,
        Set.of(),
        Map.of(),
        Set.of());
  }

  public ParquetWriteOptions withCodec(ParquetCodec value) {
    return new ParquetWriteOptions(
        value,
        zstdLevel,
        rowGroupSizeBytes,
        pageSizeBytes,
        dictionaryEncoding,
        bloomFilterColumns,
        keyValueMetadata,
        columnsWithoutStatistics);
  }

  public ParquetWriteOptions withZstdLevel(int value) {
    return new ParquetWriteOptions(
        codec,
        value,
        rowGroupSizeBytes,
        pageSizeBytes,
        dictionaryEncoding,
        bloomFilterColumns,
        keyValueMetadata,
        columnsWithoutStatistics);
  }

  public ParquetWriteOptions withRowGroupSizeBytes(long value) {
    return new ParquetWriteOptions(
        codec,
        zstdLevel,
        value,
        pageSizeBytes,
        dictionaryEncoding,
        bloomFilterColumns,
        keyValueMetadata,
        columnsWithoutStatistics);
  }

  public ParquetWriteOptions withPageSizeBytes(int value) {
    return new ParquetWriteOptions(
        codec,
        zstdLevel,
        rowGroupSizeBytes,
        value,
        dictionaryEncoding,
        bloomFilterColumns,
        keyValueMetadata,
        columnsWithoutStatistics);
  }

  public ParquetWriteOptions withDictionaryEncoding(boolean value) {
    return new ParquetWriteOptions(
        codec,
        zstdLevel,
        rowGroupSizeBytes,
        pageSizeBytes,
        value,
        bloomFilterColumns,
        keyValueMetadata,
        columnsWithoutStatistics);
  }

  public ParquetWriteOptions withBloomFilterColumns(Set<String> value) {
    return new ParquetWriteOptions(
        codec,
        zstdLevel,
        rowGroupSizeBytes,
        pageSizeBytes,
        dictionaryEncoding,
        value,
        keyValueMetadata,
        columnsWithoutStatistics);
  }

  public ParquetWriteOptions withKeyValueMetadata(Map<String, String> value) {
    return new ParquetWriteOptions(
        codec,
        zstdLevel,
        rowGroupSizeBytes,
        pageSizeBytes,
        dictionaryEncoding,
        bloomFilterColumns,
        value,
        columnsWithoutStatistics);
  }

  public ParquetWriteOptions withColumnsWithoutStatistics(Set<String> value) {
    return new ParquetWriteOptions(
        codec,
        zstdLevel,
        rowGroupSizeBytes,
        pageSizeBytes,
        dictionaryEncoding,
        bloomFilterColumns,
        keyValueMetadata,
        value);
  }
}
