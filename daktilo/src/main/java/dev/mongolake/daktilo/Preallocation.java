package dev.mongolake.daktilo;

/**
 * How a log reserves the space of a new segment file before records are written into it (see {@link
 * DaktiloOptions#preallocation()} and {@link Daktilo#preallocation()}). Every method makes the
 * unwritten space read as zeros, which is how recovery finds the end of the active segment.
 *
 * <p>The trade-off: a flush into zero-filled space only overwrites written blocks (no metadata),
 * but zero-filling makes the device write every segment twice; space reserved by {@code
 * fallocate(2)} costs no data writes, but the first flush into each of its blocks also commits the
 * block's change from unwritten to written (on ext4 a journal commit per flush). Small flushes
 * (small records, group commits of small records) pay that commit on every flush and are faster on
 * zeros; large ones (around a megabyte) are limited by the device's bandwidth and are faster
 * without the zeros.
 */
public enum Preallocation {
  /**
   * The default: a segment is reserved with {@code fallocate(2)} when the log's flushes are large
   * (at least 256 KiB on average in the active segment when the next one is prepared; never the
   * first segment of an open, when nothing is known yet), and zero-filled otherwise. Where {@code
   * fallocate} is unavailable (not Linux, native access denied, a file system that does not support
   * it) the log uses {@link #ZERO_FILL}.
   */
  AUTO,

  /**
   * {@code fallocate(2)} only (Linux, through the FFM API): the file system reserves the blocks
   * without writing them (ext4 and XFS mark them unwritten). Falls back to {@link #ZERO_FILL} where
   * the call is unavailable.
   */
  FALLOCATE,

  /**
   * The whole segment is written with zeros and fsynced before use: later flushes only overwrite
   * allocated, written blocks (no metadata), at the price of writing every segment twice.
   */
  ZERO_FILL,

  /**
   * Only the file size is set (a sparse file): nothing is reserved, so each flush also commits the
   * allocation of the blocks it wrote. Always used in {@link Durability#ASYNC} mode, where no
   * append waits for a flush.
   */
  SPARSE
}
