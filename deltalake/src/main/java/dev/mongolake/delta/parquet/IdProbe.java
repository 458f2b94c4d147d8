package dev.mongolake.delta.parquet;

import dev.mongolake.delta.parquet.internal.CachedFileParts;
import dev.mongolake.delta.parquet.internal.CachedParquetFileReader;
import dev.mongolake.delta.parquet.internal.IdColumnChunk;
import dev.mongolake.delta.parquet.internal.StorageInputFile;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.Optional;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Asks a document file whether it may hold one stored {@code _id}, from its footer's {@code _id}
 * statistics and the {@code _id} bloom filter of each row group, as kept by a {@link
 * FileMetadataCache}: once a file's parts are cached, the answer costs no storage request and no
 * file is opened. A point read asks every file whose Delta statistics admit the id and opens only
 * those that answer "maybe": with uniformly random ids every file's range admits every id, and the
 * bloom filters (0.1% false positives) leave about one file.
 *
 * <p>Thread-safe.
 */
public final class IdProbe {

  private IdProbe() {}

  /**
   * What probing one file found.
   *
   * @param mayHold false when no row group can hold the id (its statistics or bloom filter rule it
   *     out); true otherwise, which includes bloom filter false positives
   * @param fetched whether the file's footer or a bloom filter had to be read from storage
   */
  public record Result(boolean mayHold, boolean fetched) {}

  /**
   * Probes {@code path} for a stored {@code _id} value.
   *
   * @param stored the id as the {@code _id} column stores it: a {@code Binary}, {@code Integer} or
   *     {@code Long}
   * @param hash {@link #hash(Comparable)} of {@code stored}, computed once for all the files probed
   * @throws ParquetFileException if the footer or a bloom filter cannot be read
   */
  public static Result probe(
      Storage storage,
      String path,
      long length,
      FileMetadataCache cache,
      Comparable<?> stored,
      long hash) {
    StorageInputFile file =
        new StorageInputFile(storage, path, length, StorageInputFile.DEFAULT_TAIL_PREFETCH);
    CachedFileParts parts = cache.cachedParts(file);
    boolean fetched = parts == null;
    if (parts == null) {
      parts = cache.parts(file);
    }
    CachedParquetFileReader reader = null;
    try {
      for (BlockMetaData block : parts.footer().getBlocks()) {
        ColumnChunkMetaData id = IdColumnChunk.of(block);
        // A hash of another physical type than the column's would wrongly say "absent".
        if (id == null
            || !IdColumnChunk.sameType(id.getPrimitiveType().getPrimitiveTypeName(), stored)) {
          return new Result(true, fetched);
        }
        if (IdColumnChunk.outsideBounds(id.getStatistics(), stored)) {
          continue;
        }
        long offset = id.getBloomFilterOffset();
        if (offset < 0) {
          return new Result(true, fetched);
        }
        Optional<byte[]> bitset = parts.bloomFilterBitset(offset);
        if (bitset == null) {
          // Not cached yet: reading it through the caching reader keeps it for the next probe.
          if (reader == null) {
            reader =
                new CachedParquetFileReader(
                    file, parts, ParquetFiles.readOptions(FilterCompat.NOOP));
          }
          reader.readBloomFilter(id);
          fetched = true;
          bitset = parts.bloomFilterBitset(offset);
        }
        if (bitset == null || bitset.isEmpty() || mayContain(bitset.get(), hash)) {
          return new Result(true, fetched);
        }
      }
      return new Result(false, fetched);
    } catch (IOException e) {
      throw new ParquetFileException("Cannot read the _id bloom filter of " + path + ": " + e, e);
    } finally {
      if (reader != null) {
        try {
          reader.close();
        } catch (IOException e) {
          // Only the stream of a reader that read its bloom filters: nothing is left to lose.
        }
      }
    }
  }

  /** The bloom filter hash of a stored {@code _id} value (XXH64 of its plain encoding). */
  public static long hash(Comparable<?> stored) {
    // Only hashes: the smallest filter parquet-java makes, never filled.
    return new BlockSplitBloomFilter(BlockSplitBloomFilter.LOWER_BOUND_BYTES).hash(stored);
  }

  /** The split block bloom filter's salts (Parquet's BloomFilter.md). */
  private static final int[] SALT = {
    0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31
  };

  /** Bytes of one block: eight 32-bit little-endian words. */
  private static final int BLOCK_BYTES = 32;

  /**
   * The split block bloom filter check of Parquet's BloomFilter.md, over the bitset's bytes as
   * cached: the block is chosen by the hash's upper half, and each of its eight words must have the
   * bit the lower half times that word's salt selects. Reads the shared bitset only, so probes on
   * any thread need no filter object of their own.
   */
  static boolean mayContain(byte[] bitset, long hash) {
    long blocks = bitset.length / BLOCK_BYTES;
    if (blocks == 0) {
      return true;
    }
    int block = (int) (((hash >>> 32) * blocks) >>> 32);
    int key = (int) hash;
    int base = block * BLOCK_BYTES;
    for (int i = 0; i < SALT.length; i++) {
      int bit = (key * SALT[i]) >>> 27;
      int at = base + 4 * i;
      int word =
          (bitset[at] & 0xff)
              | (bitset[at + 1] & 0xff) << 8
              | (bitset[at + 2] & 0xff) << 16
              | (bitset[at + 3] & 0xff) << 24;
      if ((word & (1 << bit)) == 0) {
        return false;
      }
    }
    return true;
  }
}
