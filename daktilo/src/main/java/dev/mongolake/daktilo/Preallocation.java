package dev.mongolake.daktilo;

/**
 * How a log reserves the space of a new segment file before records are written into it (see {@link
 * DaktiloOptions#preallocation()} and {@link Daktilo#preallocation()}). Every method makes the
 * unwritten space read as zeros, which is how recovery finds the end of the active segment.
 */
public enum Preallocation {
  /**
   * {@code fallocate(2)} (Linux, through the FFM API): the file system reserves the blocks without
   * writing them (ext4 and XFS mark them unwritten), so a new segment costs no data writes. The
   * first flush into each block also records that it is now written (a small metadata commit).
   * Falls back to {@link #ZERO_FILL} where the call is unavailable (not Linux, native access
   * denied) or the file system does not support it.
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
