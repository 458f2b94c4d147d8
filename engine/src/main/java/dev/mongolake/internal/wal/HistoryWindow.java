package dev.mongolake.internal.wal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Which log records are younger than the history window, so that compaction keeps them for reads at
 * a past point in time (MongoDB's {@code minSnapshotHistoryWindowInSeconds}, 5 minutes by default).
 * It remembers the first sequence of each second the log's times name, one entry per second of
 * writing; the records of a log found at open count as written at the open.
 *
 * <p>Thread-safe.
 */
final class HistoryWindow {

  /** MongoDB's default {@code minSnapshotHistoryWindowInSeconds}. */
  static final Duration DEFAULT = Duration.ofMinutes(5);

  private final Clock clock;
  // {first sequence, log second}, in order of both; the first covers every earlier record too.
  private final List<long[]> seconds = new ArrayList<>();
  private volatile Duration length = DEFAULT;

  /**
   * @param nextSequence the sequence the next record appended gets
   */
  HistoryWindow(Clock clock, long nextSequence) {
    this.clock = clock;
    seconds.add(new long[] {nextSequence, clock.millis() / 1000});
  }

  void length(Duration value) {
    if (value.isNegative()) {
      throw new IllegalArgumentException("Cannot keep a history window of " + value);
    }
    length = value;
  }

  Duration length() {
    return length;
  }

  /** Notes record {@code sequence} appended at log time {@code time}. */
  synchronized void appended(long sequence, long time) {
    long second = time >>> 32;
    if (second > seconds.get(seconds.size() - 1)[1]) {
      seconds.add(new long[] {sequence, second});
    }
  }

  /**
   * The highest sequence compaction may delete up to: every record at or below it was written
   * before the window began. Forgets the seconds it no longer needs.
   */
  synchronized long oldestOutside() {
    if (length.isZero()) {
      return Long.MAX_VALUE;
    }
    long cutoff = (clock.millis() - length.toMillis()) / 1000;
    while (seconds.size() > 1 && seconds.get(1)[1] < cutoff) {
      seconds.remove(0);
    }
    if (seconds.get(0)[1] >= cutoff) {
      return 0;
    }
    return seconds.size() == 1 ? Long.MAX_VALUE : seconds.get(1)[0] - 1;
  }
}
