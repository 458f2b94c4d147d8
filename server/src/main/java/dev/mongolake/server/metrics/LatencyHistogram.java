package dev.mongolake.server.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * A Prometheus-style cumulative latency histogram with fixed buckets in seconds. Thread-safe and
 * lock-free: recording is one bucket increment plus the sum, so the hot path of every command stays
 * cheap.
 */
final class LatencyHistogram {

  /** Upper bounds in seconds: from 100 microseconds (a buffered point read) to 10 seconds. */
  static final double[] BOUNDS = {
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
  };

  private final LongAdder[] buckets = new LongAdder[BOUNDS.length + 1];
  private final LongAdder count = new LongAdder();
  private final LongAdder sumNanos = new LongAdder();

  LatencyHistogram() {
    for (int i = 0; i < buckets.length; i++) {
      buckets[i] = new LongAdder();
    }
  }

  void record(long nanos) {
    double seconds = nanos / 1e9;
    int i = 0;
    while (i < BOUNDS.length && seconds > BOUNDS[i]) {
      i++;
    }
    buckets[i].increment();
    count.increment();
    sumNanos.add(nanos);
  }

  long count() {
    return count.sum();
  }

  double sumSeconds() {
    return sumNanos.sum() / 1e9;
  }

  /** Observations at or below bound {@code i} (cumulative, as Prometheus expects). */
  long cumulative(int i) {
    long total = 0;
    for (int b = 0; b <= i; b++) {
      total += buckets[b].sum();
    }
    return total;
  }
}
