package dev.mongolake.delta;

/**
 * Work that follows every version a {@link DeltaTable} handle commits, such as writing another
 * table format's metadata for the same data files (Delta UniForm's place in the protocol).
 *
 * <p>Called on the committing thread after the version is durable and after any checkpoint, once
 * per version this handle wrote (not for versions other writers committed). The commit has already
 * succeeded: an exception thrown here is logged and does not fail it, so an implementation that
 * must not fall behind catches up on its next call (for example by comparing the versions it has
 * recorded with {@code version}).
 */
@FunctionalInterface
public interface CommitListener {

  /**
   * Runs after {@code version} of {@code table} was committed.
   *
   * @param table the handle that committed
   * @param version the version just written
   */
  void committed(DeltaTable table, long version);
}
