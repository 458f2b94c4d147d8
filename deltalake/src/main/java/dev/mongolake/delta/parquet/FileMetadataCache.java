package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.CachedFileParts;
import dev.mongolake.delta.parquet.internal.FileKey;
import dev.mongolake.delta.parquet.internal.StorageInputFile;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Keeps the parsed footers, column indexes, offset indexes and bloom filters of immutable Parquet
 * files (a Delta table's data files are never rewritten in place), so that repeated reads of a file
 * go straight to its pages. A point read by {@code _id} otherwise spends most of its storage
 * requests and much of its CPU fetching and parsing these parts again.
 *
 * <p>Bounded by an approximate byte budget; whole files are evicted, least recently opened first.
 * Thread-safe.
 */
public final class FileMetadataCache {

  /** Hits, misses and evictions of files, and what the cache holds. */
  public record Stats(long hits, long misses, long evictions, int files, long bytes) {}

  private static final FileMetadataCache SHARED =
      new FileMetadataCache(Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 16));

  private final long capacityBytes;
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();
  private final AtomicLong evictions = new AtomicLong();
  // Access order: the eldest entry is the least recently opened file.
  private final LinkedHashMap<FileKey, CachedFileParts> files =
      new LinkedHashMap<>(64, 0.75f, true);

  /**
   * @param capacityBytes the approximate memory the cached parts may take; 0 caches nothing
   */
  public FileMetadataCache(long capacityBytes) {
    if (capacityBytes < 0) {
      throw new IllegalArgumentException("Cache capacity " + capacityBytes + " < 0");
    }
    this.capacityBytes = capacityBytes;
  }

  /** The process-wide cache: 1/16 of the heap, at most 256 MiB. */
  public static FileMetadataCache shared() {
    return SHARED;
  }

  public Stats stats() {
    synchronized (files) {
      return new Stats(hits.get(), misses.get(), evictions.get(), files.size(), bytes.get());
    }
  }

  /** Forgets every file. */
  public void clear() {
    synchronized (files) {
      files.values().forEach(CachedFileParts::markEvicted);
      files.clear();
      bytes.set(0);
    }
  }

  /** The cached parts of {@code file}, or null when its footer is not cached (nothing is read). */
  CachedFileParts cachedParts(StorageInputFile file) {
    synchronized (files) {
      CachedFileParts cached = files.get(file.key());
      if (cached != null) {
        hits.incrementAndGet();
      }
      return cached;
    }
  }

  /**
   * The cached parts of {@code file}, reading and parsing its footer first if they are not cached.
   *
   * @throws ParquetFileException if the footer cannot be read
   */
  CachedFileParts parts(StorageInputFile file) {
    FileKey key = file.key();
    synchronized (files) {
      CachedFileParts cached = files.get(key);
      if (cached != null) {
        hits.incrementAndGet();
        return cached;
      }
    }
    misses.incrementAndGet();
    ParquetMetadata footer = readFooter(file);
    CachedFileParts parts = new CachedFileParts(footer, footerWeight(footer), this::grew);
    synchronized (files) {
      CachedFileParts raced = files.putIfAbsent(key, parts);
      if (raced != null) {
        return raced;
      }
      if (capacityBytes == 0) {
        files.remove(key);
        parts.markEvicted();
        return parts;
      }
      bytes.addAndGet(parts.weight());
      evictOver(key);
    }
    return parts;
  }

  private void grew(CachedFileParts parts, long added) {
    synchronized (files) {
      // An evicted file's weight was already taken off, including any part added before.
      if (!parts.evicted()) {
        bytes.addAndGet(added);
        evictOver(null);
      }
    }
  }

  /** Evicts least recently opened files until the budget holds, sparing {@code keep}. */
  private void evictOver(FileKey keep) {
    Iterator<Map.Entry<FileKey, CachedFileParts>> eldest = files.entrySet().iterator();
    while (bytes.get() > capacityBytes && eldest.hasNext()) {
      Map.Entry<FileKey, CachedFileParts> entry = eldest.next();
      if (entry.getKey().equals(keep)) {
        continue;
      }
      eldest.remove();
      entry.getValue().markEvicted();
      bytes.addAndGet(-entry.getValue().weight());
      evictions.incrementAndGet();
    }
  }

  private static ParquetMetadata readFooter(StorageInputFile file) {
    try (SeekableInputStream stream = file.newStream()) {
      return ParquetFileReader.readFooter(
          file, ParquetFiles.readOptions(FilterCompat.NOOP), stream);
    } catch (IOException | RuntimeException e) {
      throw new ParquetFileException("Cannot read Parquet footer of " + file + ": " + e, e);
    }
  }

  /** About 200 bytes per column chunk (statistics, offsets, encodings) plus the schema. */
  private static long footerWeight(ParquetMetadata footer) {
    long chunks = 0;
    for (BlockMetaData block : footer.getBlocks()) {
      chunks += block.getColumns().size();
    }
    return 1024 + 200 * chunks + 100L * footer.getFileMetaData().getSchema().getColumns().size();
  }
}
