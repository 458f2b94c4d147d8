package dev.mongolake.delta.table;

/**
 * What an {@link DocumentTable#optimize()} did.
 *
 * @param version the version it committed, or the unchanged latest version when there was nothing
 *     to compact
 * @param filesRemoved small files replaced
 * @param filesAdded files written in their place
 * @param bytesRemoved bytes of the replaced files
 * @param bytesAdded bytes of the new files
 */
public record OptimizeResult(
    long version, int filesRemoved, int filesAdded, long bytesRemoved, long bytesAdded) {

  /** Whether a commit happened. */
  public boolean compacted() {
    return filesRemoved > 0;
  }
}
