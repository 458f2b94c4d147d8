package dev.mongolake.bench.wire;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Percentiles;
import java.util.ArrayList;
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
    double[] rates = runs.stream().mapToDouble(WireRun::rate).sorted().toArray();
    if (rates.length == 0) {
      return Double.NaN;
    }
    int middle = rates.length / 2;
    return rates.length % 2 == 1 ? rates[middle] : (rates[middle - 1] + rates[middle]) / 2;
  }

  /** The median process CPU microseconds per operation of {@code runs}. */
  public static double medianCpuMicros(List<WireRun> runs) {
    double[] values = runs.stream().mapToDouble(WireRun::cpuMicrosPerOperation).sorted().toArray();
    if (values.length == 0) {
      return Double.NaN;
    }
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
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
