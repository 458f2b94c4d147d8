package dev.mongolake.bench;

import java.io.PrintStream;
import java.util.List;

/** Prints comparison results as a Markdown table, ready to paste into BENCHMARKS.md. */
public final class ResultTable {

  private final List<ComparisonResult> results;

  /** A table of {@code results}, in order. */
  public ResultTable(List<ComparisonResult> results) {
    this.results = List.copyOf(results);
  }

  /** Writes the table to {@code out}. */
  public void print(PrintStream out) {
    out.println(
        "| workload | baseline | daktilo | ratio | target | met | baseline p50 / p99 |"
            + " daktilo p50 / p99 | rec/sync base / daktilo |");
    out.println("| --- | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |");
    for (ComparisonResult result : results) {
      if (result.failure() != null) {
        out.printf(
            "| %s | - | - | - | %s | FAILED: %s | - | - | - |%n",
            result.comparison().name(),
            result.comparison().target().text(),
            result.failure().replace('|', '/'));
        continue;
      }
      Measurement baseline = result.baseline();
      Measurement engine = result.engine();
      out.printf(
          "| %s | %s | %s | %.0f%% | %s | %s | %s | %s | %s |%n",
          result.comparison().name(),
          rate(baseline),
          rate(engine),
          100 * result.ratio(),
          result.comparison().target().text(),
          result.comparison().target() == Target.NONE ? "-" : result.targetMet() ? "yes" : "NO",
          baseline.latency(),
          engine.latency(),
          recordsPerSync(baseline) + " / " + recordsPerSync(engine));
    }
  }

  private static String rate(Measurement measurement) {
    double rate = measurement.rate();
    String figure;
    if (rate >= 1e6) {
      figure = String.format("%.2fM", rate / 1e6);
    } else if (rate >= 1e4) {
      figure = String.format("%.1fk", rate / 1e3);
    } else {
      figure = String.format("%.0f", rate);
    }
    return figure + " " + measurement.unit();
  }

  private static String recordsPerSync(Measurement measurement) {
    return Double.isNaN(measurement.recordsPerSync())
        ? "-"
        : String.format("%.1f", measurement.recordsPerSync());
  }
}
