package dev.mongolake.bench;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Keeps a uniform reservoir sample of operation latencies, so a run of millions of operations needs
 * a bounded amount of memory. Not thread safe: give each producer its own sampler and merge.
 */
public final class LatencySampler {

  private final long[] samples;
  private int size;
  private long seen;

  /** A sampler that keeps at most {@code capacity} samples. */
  public LatencySampler(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException(
          "Cannot create a latency sampler: capacity must be positive, was " + capacity);
    }
    this.samples = new long[capacity];
  }

  /** Records one operation that took {@code nanos}. */
  public void record(long nanos) {
    seen++;
    if (size < samples.length) {
      samples[size++] = nanos;
      return;
    }
    long slot = ThreadLocalRandom.current().nextLong(seen);
    if (slot < samples.length) {
      samples[(int) slot] = nanos;
    }
  }

  /** The p50 and p99 of everything the given samplers kept. */
  public static Percentiles percentiles(List<LatencySampler> samplers) {
    int total = samplers.stream().mapToInt(sampler -> sampler.size).sum();
    if (total == 0) {
      return Percentiles.NONE;
    }
    long[] all = new long[total];
    int at = 0;
    for (LatencySampler sampler : samplers) {
      System.arraycopy(sampler.samples, 0, all, at, sampler.size);
      at += sampler.size;
    }
    Arrays.sort(all);
    return new Percentiles(micros(all, 0.50), micros(all, 0.99));
  }

  /** The p50 and p99 of this sampler alone. */
  public Percentiles percentiles() {
    return percentiles(List.of(this));
  }

  private static double micros(long[] sorted, double quantile) {
    int index = (int) Math.min(sorted.length - 1, Math.floor(quantile * sorted.length));
    return sorted[index] / 1000.0;
  }
}
