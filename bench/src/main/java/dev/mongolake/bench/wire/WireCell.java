package dev.mongolake.bench.wire;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Percentiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every round of one workload at one client count, against both targets.
 *
 * @param workload the workload
 * @param clients client threads
 * @param ours the MongoLake runs
 * @param peer the peer's runs
 */
public record WireCell(WireWorkload workload, int clients, List<WireRun> ours, List<WireRun> peer) {

  public WireCell {
    ours = List.copyOf(ours);
    peer = List.copyOf(peer);
  }

  /** The median rate of {@code runs}. */
  public static double medianRate(List<WireRun> runs) {
    return median(runs.stream().mapToDouble(WireRun::rate).toArray());
  }

  /** The median process CPU microseconds per operation of {@code runs}. */
  public static double medianCpuMicros(List<WireRun> runs) {
    return median(runs.stream().mapToDouble(WireRun::cpuMicrosPerOperation).toArray());
  }

  private static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  /** p50 and p99 over every sampled operation of {@code runs}. */
  public static Percentiles percentiles(List<WireRun> runs) {
    List<LatencySampler> all = new ArrayList<>();
    runs.forEach(run -> all.addAll(run.samplers()));
    return LatencySampler.percentiles(all);
  }

  /** Failed operations (wrong answers plus exceptions) over all runs of {@code runs}. */
  public static long failures(List<WireRun> runs) {
    return runs.stream().mapToLong(run -> run.wrong() + run.errors()).sum();
  }
}
