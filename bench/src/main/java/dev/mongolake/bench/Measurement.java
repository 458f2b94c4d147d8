package dev.mongolake.bench;

/**
 * What one run of one workload measured.
 *
 * @param rate throughput in {@code unit}
 * @param unit what {@code rate} counts per second ({@code "ops/s"}, {@code "rec/s"}, {@code
 *     "MiB/s"})
 * @param latency per-operation latency percentiles, or {@link Percentiles#NONE} when the workload
 *     does not time single operations
 * @param recordsPerSync records made durable per force, or {@code NaN} when not applicable or not
 *     observable
 */
public record Measurement(double rate, String unit, Percentiles latency, double recordsPerSync) {

  /** A throughput-only measurement. */
  public static Measurement rate(double rate, String unit) {
    return new Measurement(rate, unit, Percentiles.NONE, Double.NaN);
  }

  /** A throughput measurement with latency percentiles. */
  public static Measurement rate(double rate, String unit, Percentiles latency) {
    return new Measurement(rate, unit, latency, Double.NaN);
  }

  /** Throughput per second of {@code count} events over {@code elapsedNanos}. */
  public static double perSecond(long count, long elapsedNanos) {
    return count * 1e9 / Math.max(1, elapsedNanos);
  }
}
