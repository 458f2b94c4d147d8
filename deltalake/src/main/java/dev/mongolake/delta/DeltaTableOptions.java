package dev.mongolake.delta;

import java.time.Clock;
import java.time.Duration;

/**
 * How a {@link DeltaTable} handle behaves.
 *
 * @param clock the time source for commit timestamps, tombstones and vacuum retention
 * @param maxCommitAttempts how many versions a commit tries before giving up on a busy table
 * @param maxBackoff the longest pause between attempts after losing a race without a conflict
 * @param checkpoints whether commits write a checkpoint every {@code delta.checkpointInterval}
 *     versions (default 10)
 */
public record DeltaTableOptions(
    Clock clock, int maxCommitAttempts, Duration maxBackoff, boolean checkpoints) {

  public DeltaTableOptions {
    if (clock == null) {
      throw new IllegalArgumentException("Cannot create table options: clock is null");
    }
    if (maxCommitAttempts < 1) {
      throw new IllegalArgumentException(
          "Cannot create table options: maxCommitAttempts " + maxCommitAttempts + " is below 1");
    }
  }

  /** System clock, 1000 attempts, 50 ms maximum backoff, checkpoints on. */
  public static DeltaTableOptions defaults() {
    return new DeltaTableOptions(Clock.systemUTC(), 1000, Duration.ofMillis(50), true);
  }

  public DeltaTableOptions withClock(Clock newClock) {
    return new DeltaTableOptions(newClock, maxCommitAttempts, maxBackoff, checkpoints);
  }

  public DeltaTableOptions withCheckpoints(boolean enabled) {
    return new DeltaTableOptions(clock, maxCommitAttempts, maxBackoff, enabled);
  }
}
