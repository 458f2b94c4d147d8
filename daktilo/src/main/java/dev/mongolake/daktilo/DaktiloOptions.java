package dev.mongolake.daktilo;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How a log is opened. Immutable; start from {@link #defaults()} and change what you need with the
 * {@code with...} methods.
 *
 * @param durability when appends are acknowledged (default {@link Durability#BATCH})
 * @param segmentSize bytes per segment file, header included (default 64 MiB, 1 KiB to 1 GiB). The
 *     active segment is preallocated to this size; a record (or an {@code appendMany} batch) must
 *     fit in one segment.
 * @param indexIntervalBytes distance between two entries of the in-memory sparse index (default 4
 *     KiB, 64 B to 1 MiB): smaller is faster random reads and more memory, see FORMAT.md
 * @param cacheBytes budget of the hot-read cache of the most recent records (default 8 MiB, 0 turns
 *     it off)
 * @param asyncFlushInterval how often {@link Durability#ASYNC} flushes to the device (default 100
 *     ms)
 * @param tailPrefetch how many records a {@link LogTail} reads ahead at most (default 256): this
 *     bounds a tail's memory
 * @param clock wall clock for the creation time written into segment headers
 * @param compression whether sealed segments are compressed in the background (default false): zstd
 *     level 1 on one low-priority thread, in independent blocks; appends never wait for it
 * @param compressionBlockBytes uncompressed size of a compression block (default 256 KiB, 4 KiB to
 *     16 MiB): a random read decodes exactly one block, so smaller blocks read faster and compress
 *     less
 * @param recycledSegments how many compacted segment files are kept to be reused as new segments
 *     instead of being deleted (default 2, 0 to 16): their pages are usually still in the page
 *     cache and their blocks allocated, so writing into a recycled segment costs no fresh-page
 *     allocation and zeroing (RocksDB's {@code recycle_log_file_num}). They are {@code .tmp} files,
 *     deleted on close and on open. 0 deletes compacted segments right away.
 * @param preallocation how new segment files are preallocated in {@link Durability#STRICT} and
 *     {@link Durability#BATCH} mode (default {@link Preallocation#AUTO}: reserved by {@code
 *     fallocate(2)} when the log's flushes are large and the platform and file system support it,
 *     else zero-filled); {@link Durability#ASYNC} logs always use {@link Preallocation#SPARSE}. The
 *     method in use is {@link Daktilo#preallocation()}.
 */
public record DaktiloOptions(
    Durability durability,
    long segmentSize,
    int indexIntervalBytes,
    long cacheBytes,
    Duration asyncFlushInterval,
    int tailPrefetch,
    Clock clock,
    boolean compression,
    int compressionBlockBytes,
    int recycledSegments,
    Preallocation preallocation) {

  /** Smallest accepted segment size. */
  public static final long MIN_SEGMENT_SIZE = 1024;

  /** Largest accepted segment size (positions inside a segment are 31-bit). */
  public static final long MAX_SEGMENT_SIZE = 1L << 30;

  public DaktiloOptions {
    Objects.requireNonNull(durability, "durability");
    Objects.requireNonNull(asyncFlushInterval, "asyncFlushInterval");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(preallocation, "preallocation");
    if (segmentSize < MIN_SEGMENT_SIZE || segmentSize > MAX_SEGMENT_SIZE) {
      throw new IllegalArgumentException(
          "Cannot use segment size "
              + segmentSize
              + ": it must be between "
              + MIN_SEGMENT_SIZE
              + " and "
              + MAX_SEGMENT_SIZE
              + " bytes");
    }
    if (indexIntervalBytes < 64 || indexIntervalBytes > (1 << 20)) {
      throw new IllegalArgumentException(
          "Cannot use index interval "
              + indexIntervalBytes
              + ": it must be between 64 and 1048576 bytes");
    }
    if (cacheBytes < 0) {
      throw new IllegalArgumentException(
          "Cannot use cache size " + cacheBytes + ": it must not be negative");
    }
    if (asyncFlushInterval.isNegative() || asyncFlushInterval.isZero()) {
      throw new IllegalArgumentException(
          "Cannot use async flush interval " + asyncFlushInterval + ": it must be positive");
    }
    if (compressionBlockBytes < 4096 || compressionBlockBytes > (16 << 20)) {
      throw new IllegalArgumentException(
          "Cannot use compression block size "
              + compressionBlockBytes
              + ": it must be between 4096 and 16777216 bytes");
    }
    if (recycledSegments < 0 || recycledSegments > 16) {
      throw new IllegalArgumentException(
          "Cannot keep " + recycledSegments + " recycled segments: it must be between 0 and 16");
    }
    if (tailPrefetch < 1) {
      throw new IllegalArgumentException(
          "Cannot use tail prefetch " + tailPrefetch + ": it must be at least 1");
    }
  }

  /** BATCH durability, 64 MiB segments, 4 KiB index interval, 8 MiB cache, 100 ms async flush. */
  public static DaktiloOptions defaults() {
    return new DaktiloOptions(
        Durability.BATCH,
        64L << 20,
        4096,
        8L << 20,
        Duration.ofMillis(100),
        256,
        Clock.systemUTC(),
        false,
        256 << 10,
        2,
        Preallocation.AUTO);
  }

  public DaktiloOptions withDurability(Durability value) {
    return new DaktiloOptions(
        value,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        compression,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  public DaktiloOptions withSegmentSize(long bytes) {
    return new DaktiloOptions(
        durability,
        bytes,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        compression,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  public DaktiloOptions withIndexIntervalBytes(int bytes) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        bytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        compression,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  public DaktiloOptions withCacheBytes(long bytes) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        bytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        compression,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  public DaktiloOptions withAsyncFlushInterval(Duration interval) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        interval,
        tailPrefetch,
        clock,
        compression,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  public DaktiloOptions withTailPrefetch(int records) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        records,
        clock,
        compression,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  /** Turns background compression of sealed segments on or off. */
  public DaktiloOptions withCompression(boolean enabled) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        enabled,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  public DaktiloOptions withCompressionBlockBytes(int bytes) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        compression,
        bytes,
        recycledSegments,
        preallocation);
  }

  public DaktiloOptions withClock(Clock value) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        value,
        compression,
        compressionBlockBytes,
        recycledSegments,
        preallocation);
  }

  /** How many compacted segment files to keep for reuse (0 deletes them right away). */
  public DaktiloOptions withRecycledSegments(int count) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        compression,
        compressionBlockBytes,
        count,
        preallocation);
  }

  /**
   * How new segment files are preallocated in STRICT and BATCH mode ({@link
   * Preallocation#ZERO_FILL} forces the portable method where {@code fallocate} would be used).
   */
  public DaktiloOptions withPreallocation(Preallocation value) {
    return new DaktiloOptions(
        durability,
        segmentSize,
        indexIntervalBytes,
        cacheBytes,
        asyncFlushInterval,
        tailPrefetch,
        clock,
        compression,
        compressionBlockBytes,
        recycledSegments,
        value);
  }
}
