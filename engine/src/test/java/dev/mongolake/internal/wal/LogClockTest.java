package dev.mongolake.internal.wal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Log times grow with every record, whatever the wall clock does. */
class LogClockTest {

  private static final Instant NOW = Instant.parse("2026-12-02T00:00:00Z");

  /** A clock the test moves. */
  private static final class MutableClock extends Clock {
    private Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  private static long seconds(long time) {
    return time >>> 32;
  }

  private static long increment(long time) {
    return time & 0xFFFF_FFFFL;
  }

  @Test
  void recordsOfOneSecondCountUpAndANewSecondStartsAtOne() {
    MutableClock clock = new MutableClock(NOW);
    LogClock times = new LogClock(clock, 0);

    long first = times.next();
    long second = times.next();
    clock.advance(Duration.ofSeconds(1));
    long third = times.next();

    assertThat(seconds(first)).isEqualTo(NOW.getEpochSecond());
    assertThat(increment(first)).isEqualTo(1);
    assertThat(increment(second)).isEqualTo(2);
    assertThat(seconds(third)).isEqualTo(NOW.getEpochSecond() + 1);
    assertThat(increment(third)).isEqualTo(1);
  }

  @Test
  void aWallClockThatMovesBackDoesNotMoveTheTimesBack() {
    MutableClock clock = new MutableClock(NOW);
    LogClock times = new LogClock(clock, 0);
    long before = times.next();

    clock.advance(Duration.ofHours(-1));
    long after = times.next();

    assertThat(Long.compareUnsigned(after, before)).isPositive();
    assertThat(seconds(after)).isEqualTo(NOW.getEpochSecond());
  }

  @Test
  void aRestartContinuesAfterTheLastRecordsTimeEvenInTheSameSecond() {
    long last = (NOW.getEpochSecond() << 32) | 7;
    LogClock times = new LogClock(new MutableClock(NOW), last);

    assertThat(times.next()).isEqualTo(last + 1);
  }

  @Test
  void aSecondWhoseIncrementsRunOutMovesToTheNext() {
    long full = (NOW.getEpochSecond() << 32) | 0xFFFF_FFFFL;
    LogClock times = new LogClock(new MutableClock(NOW), full);

    long next = times.next();

    assertThat(seconds(next)).isEqualTo(NOW.getEpochSecond() + 1);
    assertThat(increment(next)).isEqualTo(1);
  }

  @Test
  void recordsWrittenBeforeTimesExistedComeBeforeEveryStampedOne() {
    long old = LogClock.ofUnstamped(42);
    long stamped = new LogClock(new MutableClock(NOW), old).next();

    assertThat(seconds(old)).isZero();
    assertThat(increment(old)).isEqualTo(42);
    assertThat(Long.compareUnsigned(stamped, old)).isPositive();
  }
}
