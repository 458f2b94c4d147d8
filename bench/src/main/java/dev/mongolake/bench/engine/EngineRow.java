package dev.mongolake.bench.engine;

import dev.mongolake.bench.Percentiles;

/**
 * One line of the engine report: a workload, the median rates of the baseline and of MongoLake over
 * the rounds, their ratio, and MongoLake's pooled latencies where the workload has them.
 */
record EngineRow(
    String workload, String baseline, double baselineRate, double engineRate, Percentiles latency) {

  double ratio() {
    return engineRate / baselineRate;
  }
}
