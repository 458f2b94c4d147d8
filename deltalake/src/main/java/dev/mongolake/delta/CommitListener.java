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
 *
 * <p>A listener that hands its work to a background thread finishes it in {@link #close()}, which
 * the owner of the options calls once it commits no more (the engine does on close).
 */
@FunctionalInterface
public interface CommitListener extends AutoCloseable {

  /**
   * Runs after {@code version} of {@code table} was committed.
   *
   * @param table the handle that committed
   * @param version the version just written
   */
  void committed(DeltaTable table, long version);

  /**
   * Finishes the work this listener still has for versions it was told of and releases its threads;
   * a later {@link #committed} may start them again. Nothing by default.
   */
  @Override
  default void close() {}
}
