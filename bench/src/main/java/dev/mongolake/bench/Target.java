package dev.mongolake.bench;

/**
 * What the engine must reach against its baseline for one workload.
 *
 * @param text the target as the report prints it
 * @param minRatio lowest acceptable engine rate / baseline rate (0 for none)
 * @param minRate lowest acceptable engine rate in the workload's unit (0 for none)
 * @param minRecordsPerSync lowest acceptable records per force (0 for none)
 * @param maxP99Ratio highest acceptable engine p99 / baseline p99 (infinite for none)
 * @param maxP50Ratio highest acceptable engine p50 / baseline p50 (infinite for none)
 */
public record Target(
    String text,
    double minRatio,
    double minRate,
    double minRecordsPerSync,
    double maxP99Ratio,
    double maxP50Ratio) {

  /** No target: the row is for orientation. */
  public static final Target NONE =
      new Target("-", 0, 0, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

  /** The engine's p50 at most {@code factor} times the baseline's. */
  public static Target p50Within(double factor) {
    return new Target("p50 <= " + factor + "x", 0, 0, 0, Double.POSITIVE_INFINITY, factor);
  }

  /** At least {@code minRatio} of the baseline's rate. */
  public static Target ratio(double minRatio) {
    return new Target(
        ">= " + Math.round(minRatio * 100) + "%",
        minRatio,
        0,
        0,
        Double.POSITIVE_INFINITY,
        Double.POSITIVE_INFINITY);
  }

  /** Also requires at least {@code records} per force. */
  public Target withRecordsPerSync(double records) {
    return new Target(
        text + ", >= " + Math.round(records) + " rec/sync",
        minRatio,
        minRate,
        records,
        maxP99Ratio,
        maxP50Ratio);
  }

  /** Also requires the engine's p99 to stay within {@code factor} times the baseline's. */
  public Target withP99Within(double factor) {
    return new Target(
        text + ", p99 <= " + factor + "x",
        minRatio,
        minRate,
        minRecordsPerSync,
        factor,
        maxP50Ratio);
  }

  /** Also requires an absolute rate. */
  public Target withMinRate(double rate, String label) {
    String prefix = this == NONE ? "" : text + ", ";
    return new Target(
        prefix + ">= " + label, minRatio, rate, minRecordsPerSync, maxP99Ratio, maxP50Ratio);
  }

  /** Whether {@code engine} meets this target against {@code baseline}. */
  public boolean metBy(Measurement baseline, Measurement engine) {
    double ratio = engine.rate() / baseline.rate();
    boolean rateMet = ratio >= minRatio && engine.rate() >= minRate;
    boolean syncMet =
        minRecordsPerSync == 0
            || (!Double.isNaN(engine.recordsPerSync())
                && engine.recordsPerSync() >= minRecordsPerSync);
    boolean p99Met =
        Double.isInfinite(maxP99Ratio)
            || (engine.latency().present()
                && baseline.latency().present()
                && engine.latency().p99Micros() <= maxP99Ratio * baseline.latency().p99Micros());
    boolean p50Met =
        Double.isInfinite(maxP50Ratio)
            || (engine.latency().present()
                && baseline.latency().present()
                && engine.latency().p50Micros() <= maxP50Ratio * baseline.latency().p50Micros());
    return rateMet && syncMet && p99Met && p50Met;
  }
}
