package dev.mongolake.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The side-by-side harness: runs every selected comparison's baseline and engine workload
 * alternately, {@code --rounds} times each, in fresh directories on the same disk, then prints a
 * Markdown table of medians with ratios and targets. Progress goes to stderr, the table to stdout.
 */
public final class SideBySide {

  /** Runs the harness; see {@link HarnessOptions#USAGE}. */
  public static void main(String[] args) throws Exception {
    HarnessOptions options;
    try {
      options = HarnessOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    Path root =
        options.dir() != null
            ? Files.createDirectories(options.dir())
            : Files.createTempDirectory(
                Files.createDirectories(Path.of("target")), "daktilo-bench-");
    System.err.printf(
        "side-by-side: dir=%s seconds=%s rounds=%d recovery-records=%d java=%s cpus=%d%n",
        root.toAbsolutePath(),
        options.seconds(),
        options.rounds(),
        options.recoveryRecords(),
        Runtime.version(),
        Runtime.getRuntime().availableProcessors());
    List<ComparisonResult> results = new ArrayList<>();
    for (Comparison comparison : DaktiloComparisons.all(options)) {
      if (options.selects(comparison.name())) {
        try {
          results.add(run(comparison, options, root, System.err));
        } catch (IllegalStateException e) {
          // One broken workload must not cost the figures of the others: report it in its row.
          e.printStackTrace();
          results.add(ComparisonResult.failed(comparison, rootCause(e)));
        }
      }
    }
    new ResultTable(results).print(System.out);
  }

  private static ComparisonResult run(
      Comparison comparison, HarnessOptions options, Path root, PrintStream progress)
      throws Exception {
    List<Measurement> baselineRuns = new ArrayList<>();
    List<Measurement> engineRuns = new ArrayList<>();
    for (int round = 1; round <= options.rounds(); round++) {
      baselineRuns.add(runOnce(comparison, "baseline", comparison.baseline(), options, root));
      progress.printf(
          "  %-32s round %d baseline %,.0f %s%n",
          comparison.name(), round, baselineRuns.getLast().rate(), baselineRuns.getLast().unit());
      engineRuns.add(runOnce(comparison, "daktilo", comparison.engine(), options, root));
      progress.printf(
          "  %-32s round %d daktilo  %,.0f %s%n",
          comparison.name(), round, engineRuns.getLast().rate(), engineRuns.getLast().unit());
    }
    return new ComparisonResult(comparison, baselineRuns, engineRuns);
  }

  private static Measurement runOnce(
      Comparison comparison, String side, Workload workload, HarnessOptions options, Path root)
      throws Exception {
    Path dir = Files.createTempDirectory(root, side + "-");
    try {
      return workload.run(dir, options.budgetNanos());
    } catch (Exception e) {
      throw new IllegalStateException(
          "Cannot run workload '" + comparison.name() + "' (" + side + "): " + e.getMessage(), e);
    } finally {
      deleteRecursively(dir);
    }
  }

  private static String rootCause(Throwable e) {
    Throwable cause = e;
    StringBuilder chain = new StringBuilder(String.valueOf(e.getMessage()));
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
      chain.append(" <- ").append(cause.getMessage());
    }
    return chain.toString();
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  private SideBySide() {}
}
