package dev.mongolake.bench;

/**
 * Latency percentiles in microseconds.
 *
 * @param p50Micros median
 * @param p99Micros 99th percentile
 */
public record Percentiles(double p50Micros, double p99Micros) {

  /** Marks a workload that does not time single operations. */
  public static final Percentiles NONE = new Percentiles(Double.NaN, Double.NaN);

  /** Whether these are real figures. */
  public boolean present() {
    return !Double.isNaN(p50Micros);
  }

  @Override
  public String toString() {
    if (!present()) {
      return "-";
    }
    return format(p50Micros) + " / " + format(p99Micros);
  }

  private static String format(double micros) {
    if (micros >= 1000) {
      return String.format("%.1f ms", micros / 1000);
    }
    return micros >= 10 ? String.format("%.0f us", micros) : String.format("%.2f us", micros);
  }
}
