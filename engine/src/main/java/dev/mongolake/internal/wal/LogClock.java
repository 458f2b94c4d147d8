package dev.mongolake.internal.wal;

import java.time.Clock;

/**
 * Gives each log record its log time, MongoDB's oplog {@code ts}: a BSON Timestamp whose seconds
 * are the wall clock's when the record was appended and whose increment counts the records of that
 * second from 1. Each time is above the one before it, even when the wall clock moves back: the
 * seconds never decrease, and a second whose increments run out borrows the next one. The times are
 * stamped into the records, so they are the same after a restart and survive the log's trimming; a
 * restart continues after the last record's time.
 *
 * <p>Not thread-safe: the log calls it under its sequencer lock, in sequence order.
 */
final class LogClock {

  private static final long MAX_INCREMENT = 0xFFFF_FFFFL;

  private final Clock clock;
  private long last;

  /**
   * @param last the time of the log's last record (0 for none), which every new one follows
   */
  LogClock(Clock clock, long last) {
    this.clock = clock;
    this.last = last;
  }

  /** The next record's time. */
  long next() {
    long now = Math.max(0, clock.millis() / 1000);
    long seconds = last >>> 32;
    long increment = last & MAX_INCREMENT;
    if (now > seconds) {
      last = (now << 32) | 1;
    } else if (increment < MAX_INCREMENT) {
      last = (seconds << 32) | (increment + 1);
    } else {
      last = ((seconds + 1) << 32) | 1;
    }
    return last;
  }

  /** The time last given, or the one it started after. */
  long last() {
    return last;
  }

  /**
   * The log time of a record written before records carried one: {@code Timestamp(0, sequence)},
   * below every stamped time (their seconds are above 0) and in sequence order among themselves.
   */
  static long ofUnstamped(long sequence) {
    return sequence & MAX_INCREMENT;
  }
}
