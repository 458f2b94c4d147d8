package dev.mongolake.aggregate.internal;

/**
 * How much memory one blocking stage ({@code $sort}, {@code $group}, ...) may hold, and whether it
 * may go to disk beyond that ({@code allowDiskUse}, true by default as in MongoDB 6+).
 *
 * @param bytesPerStage the limit (MongoDB's 100 MiB by default)
 * @param allowDiskUse whether a stage over the limit spills (or, where it cannot, goes on in
 *     memory) rather than failing with QueryExceededMemoryLimitNoDiskUseAllowed
 */
public record MemoryLimit(long bytesPerStage, boolean allowDiskUse) {

  /** MongoDB's default: 100 MiB per stage, disk use allowed. */
  public static final MemoryLimit DEFAULT = new MemoryLimit(100L * 1024 * 1024, true);
}
