package dev.mongolake;

/**
 * Hears how a flush of the write buffers to the collections' tables proceeds, so that a server can
 * say what its shutdown waits for ({@link MongoLake#close(FlushProgress)}).
 *
 * <p>Called on the flushing thread, in this order: {@link #started} once, then {@link #flushed}
 * once per collection that had buffered changes. Implementations must be quick and must not throw:
 * the flush holds its lock meanwhile.
 */
public interface FlushProgress {

  /** Hears nothing. */
  FlushProgress NONE = (namespace, done, total) -> {};

  /**
   * The flush begins.
   *
   * @param collections collections with buffered changes, each one Delta commit
   * @param documents documents with buffered changes ({@code _id}s inserted, updated or deleted)
   */
  default void started(int collections, long documents) {}

  /**
   * A collection's buffered changes reached its table.
   *
   * @param done collections flushed so far, this one included (1 to {@code total})
   * @param total the {@code collections} of {@link #started}
   */
  void flushed(Namespace namespace, int done, int total);
}
