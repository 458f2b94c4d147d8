package dev.mongolake.delta;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * How a {@link DeltaTable} handle behaves.
 *
 * @param clock the time source for commit timestamps, tombstones and vacuum retention
 * @param maxCommitAttempts how many versions a commit tries before giving up on a busy table
 * @param maxBackoff the longest pause between attempts after losing a race without a conflict
 * @param checkpoints whether commits write a checkpoint every {@code delta.checkpointInterval}
 *     versions (default 10)
 * @param commitListeners called in order after every version this handle commits
 */
public record DeltaTableOptions(
    Clock clock,
    int maxCommitAttempts,
    Duration maxBackoff,
    boolean checkpoints,
    List<CommitListener> commitListeners) {

  public DeltaTableOptions {
    if (clock == null) {
      throw new IllegalArgumentException("Cannot create table options: clock is null");
    }
    if (maxCommitAttempts < 1) {
      throw new IllegalArgumentException(
          "Cannot create table options: maxCommitAttempts " + maxCommitAttempts + " is below 1");
    }
    commitListeners = commitListeners == null ? List.of() : List.copyOf(commitListeners);
  }

  /** Options without commit listeners. */
  public DeltaTableOptions(
      Clock clock, int maxCommitAttempts, Duration maxBackoff, boolean checkpoints) {
    this(clock, maxCommitAttempts, maxBackoff, checkpoints, List.of());
  }

  /** System clock, 1000 attempts, 50 ms maximum backoff, checkpoints on. */
  public static DeltaTableOptions defaults() {
    return new DeltaTableOptions(Clock.systemUTC(), 1000, Duration.ofMillis(50), true);
  }

  public DeltaTableOptions withClock(Clock newClock) {
    return new DeltaTableOptions(
        newClock, maxCommitAttempts, maxBackoff, checkpoints, commitListeners);
  }

  public DeltaTableOptions withCheckpoints(boolean enabled) {
    return new DeltaTableOptions(clock, maxCommitAttempts, maxBackoff, enabled, commitListeners);
  }

  /** These options with {@code listener} called after the ones already set. */
  public DeltaTableOptions withCommitListener(CommitListener listener) {
    if (listener == null) {
      throw new IllegalArgumentException("Cannot add a commit listener: it is null");
    }
    List<CommitListener> listeners = new java.util.ArrayList<>(commitListeners);
    listeners.add(listener);
    return new DeltaTableOptions(clock, maxCommitAttempts, maxBackoff, checkpoints, listeners);
  }
}
