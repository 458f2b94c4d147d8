package dev.mongolake.delta.iceberg;

import dev.mongolake.delta.CommitListener;
import java.time.Duration;

/**
 * The commit listener that writes Iceberg metadata ({@link IcebergMetadata#listener()}). A commit
 * only records that its table reached a version; a background thread of this listener then, 50 ms
 * later, brings the table's Iceberg metadata up to the newest version recorded, in one Iceberg
 * snapshot for all the versions that arrived since its last pass.
 *
 * <p>A pass that fails is logged and counted ({@link #stats()}) and never fails a commit: it is
 * tried again after a pause that grows from one second to a minute, or at once when the table
 * commits again. Thread-safe: one listener may serve every table of a process.
 */
public interface IcebergMetadataListener extends CommitListener {

  /**
   * Waits until every version this listener was told of is mirrored.
   *
   * @return true once nothing is pending, false if {@code timeout} passed first (a table whose pass
   *     keeps failing stays pending)
   * @throws InterruptedException if the waiting thread is interrupted
   */
  boolean awaitMirrored(Duration timeout) throws InterruptedException;

  /** What the background mirror has done so far. */
  IcebergMirrorStats stats();

  /**
   * Mirrors what is pending (one more try for a table whose last pass failed), then stops the
   * background thread; returns when it has stopped. A table that still fails is logged and left to
   * its next commit, which catches it up. A later commit starts the thread again.
   */
  @Override
  void close();
}
