package dev.mongolake.bench.wire;

import dev.mongolake.bench.LatencySampler;
import java.util.List;

/**
 * What one timed run of a workload against one target did.
 *
 * @param operations operations completed (correct or not)
 * @param wrong operations whose answer was not the expected one
 * @param errors operations that threw
 * @param firstError the first exception's message, or null
 * @param seconds wall time from the common start until the last client stopped
 * @param cpuSeconds CPU time the whole process (clients and the idle other server included) used
 *     over those seconds
 * @param samplers every client's latency sample
 */
public record WireRun(
    long operations,
    long wrong,
    long errors,
    String firstError,
    double seconds,
    double cpuSeconds,
    List<LatencySampler> samplers) {

  public WireRun {
    samplers = List.copyOf(samplers);
  }

  /** Correct operations per second. */
  public double rate() {
    return (operations - wrong) / seconds;
  }

  /** Process CPU microseconds per completed operation. */
  public double cpuMicrosPerOperation() {
    return operations == 0 ? Double.NaN : cpuSeconds * 1e6 / operations;
  }
}
