package dev.mongolake.delta.parquet.internal;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * The parts of one immutable Parquet file that every read of it parses before it reaches a page:
 * the footer, and (as readers first ask for them) column indexes, offset indexes and bloom filters,
 * each keyed by its offset in the file. Shared by the readers of the file on any thread, so only
 * values that readers do not mutate are kept: bloom filters as their bitsets, from which each
 * reader builds its own filter (parquet-java's filter hashes through a shared scratch buffer).
 */
public final class CachedFileParts {
  private final ParquetMetadata footer;
  private final ConcurrentMap<Long, Optional<ColumnIndex>> columnIndexes =
      new ConcurrentHashMap<>();
  private final ConcurrentMap<Long, Optional<OffsetIndex>> offsetIndexes =
      new ConcurrentHashMap<>();
  private final ConcurrentMap<Long, Optional<byte[]>> bloomFilterBitsets =
      new ConcurrentHashMap<>();
  private final AtomicLong weight;
  private final Growth onGrowth;
  private volatile boolean evicted;

  /** Told of every part added to a file's parts, with its approximate size in memory. */
  @FunctionalInterface
  public interface Growth {
    void grew(CachedFileParts parts, long bytes);
  }

  /**
   * @param footerWeight the footer's approximate size in memory
   */
  public CachedFileParts(ParquetMetadata footer, long footerWeight, Growth onGrowth) {
    this.footer = footer;
    this.weight = new AtomicLong(footerWeight);
    this.onGrowth = onGrowth;
  }

  /** Whether the cache has let go of this file: its later growth no longer counts. */
  public boolean evicted() {
    return evicted;
  }

  public void markEvicted() {
    evicted = true;
  }

  public ParquetMetadata footer() {
    return footer;
  }

  /** Approximate bytes held in memory by this file's parts. */
  public long weight() {
    return weight.get();
  }

  Optional<ColumnIndex> columnIndex(long offset) {
    return columnIndexes.get(offset);
  }

  void putColumnIndex(long offset, ColumnIndex index, long indexWeight) {
    if (columnIndexes.putIfAbsent(offset, Optional.ofNullable(index)) == null) {
      grow(indexWeight);
    }
  }

  Optional<OffsetIndex> offsetIndex(long offset) {
    return offsetIndexes.get(offset);
  }

  void putOffsetIndex(long offset, OffsetIndex index, long indexWeight) {
    if (offsetIndexes.putIfAbsent(offset, Optional.ofNullable(index)) == null) {
      grow(indexWeight);
    }
  }

  public Optional<byte[]> bloomFilterBitset(long offset) {
    return bloomFilterBitsets.get(offset);
  }

  void putBloomFilterBitset(long offset, byte[] bitset) {
    if (bloomFilterBitsets.putIfAbsent(offset, Optional.ofNullable(bitset)) == null) {
      grow(bitset == null ? 16 : bitset.length + 16);
    }
  }

  private void grow(long bytes) {
    weight.addAndGet(bytes);
    onGrowth.grew(this, bytes);
  }
}
