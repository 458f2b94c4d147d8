package dev.mongolake.bench;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Every round of one comparison, summarised by medians.
 *
 * @param comparison what ran
 * @param baselineRuns the baseline's measurement per round
 * @param engineRuns the engine's measurement per round
 * @param failure why a run failed (the row then has no figures), or null
 */
public record ComparisonResult(
    Comparison comparison,
    List<Measurement> baselineRuns,
    List<Measurement> engineRuns,
    String failure) {

  /** A comparison whose every run completed. */
  public ComparisonResult(
      Comparison comparison, List<Measurement> baselineRuns, List<Measurement> engineRuns) {
    this(comparison, baselineRuns, engineRuns, null);
  }

  /** A comparison that could not be measured because a run failed. */
  public static ComparisonResult failed(Comparison comparison, String failure) {
    return new ComparisonResult(comparison, List.of(), List.of(), failure);
  }

  /** The baseline's medians. */
  public Measurement baseline() {
    return median(baselineRuns);
  }

  /** The engine's medians. */
  public Measurement engine() {
    return median(engineRuns);
  }

  /** Engine rate / baseline rate of the medians. */
  public double ratio() {
    return engine().rate() / baseline().rate();
  }

  /** Whether the medians meet the comparison's target. */
  public boolean targetMet() {
    return comparison.target().metBy(baseline(), engine());
  }

  private static Measurement median(List<Measurement> runs) {
    Percentiles latency =
        runs.getFirst().latency().present()
            ? new Percentiles(
                median(runs, run -> run.latency().p50Micros()),
                median(runs, run -> run.latency().p99Micros()))
            : Percentiles.NONE;
    return new Measurement(
        median(runs, Measurement::rate),
        runs.getFirst().unit(),
        latency,
        median(runs, Measurement::recordsPerSync));
  }

  private static double median(List<Measurement> runs, ToDoubleFunction<Measurement> figure) {
    double[] values = runs.stream().mapToDouble(figure).sorted().toArray();
    if (Arrays.stream(values).anyMatch(Double::isNaN)) {
      return Double.NaN;
    }
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }
}
