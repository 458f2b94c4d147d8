package dev.mongolake.delta;

import dev.mongolake.delta.exceptions.CommitStateUnknownException;
import dev.mongolake.delta.exceptions.ConcurrentModificationException;

/**
 * The outcome of a successful {@link Transaction#commit()} (conflicts and unknown outcomes are
 * exceptions: {@link ConcurrentModificationException}, {@link CommitStateUnknownException}).
 *
 * @param version the version written, or for {@link Status#ALREADY_COMMITTED} the version of the
 *     snapshot that already held the writer's progress
 * @param status whether this call wrote the commit
 * @param attempts how many versions were tried (1 when the first try won)
 */
public record CommitResult(long version, Status status, int attempts) {

  /** What the commit did. */
  public enum Status {
    /** This call wrote the version. */
    COMMITTED,
    /**
     * Nothing was written: the table already records the transaction's {@code txn} (appId, version)
     * progress at or beyond this one, so the commit was applied before.
     */
    ALREADY_COMMITTED
  }

  public boolean committed() {
    return status == Status.COMMITTED;
  }
}
