package dev.mongolake.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * Command-line options of the side-by-side harness.
 *
 * @param dir where workloads create their files (one fresh subdirectory per run)
 * @param seconds about how long each timed workload runs
 * @param rounds how many times each baseline / engine pair runs, alternating
 * @param recoveryRecords records in the log that the recovery workloads scan
 * @param only substrings of workload names to run; empty runs all
 */
public record HarnessOptions(
    Path dir, double seconds, int rounds, long recoveryRecords, List<String> only) {

  /** Usage text. */
  public static final String USAGE =
      """
      Usage: SideBySide [--dir DIR] [--seconds S] [--rounds N] [--recovery-records N] [--only a,b]
        --dir DIR               directory for the log files (default: a new temp dir under ./target)
        --seconds S             time per timed workload run (default 2)
        --rounds N              baseline/engine alternations per workload (default 2)
        --recovery-records N    records in the recovery workloads' log (default 1000000)
        --only a,b              run only workloads whose name contains one of these
      """;

  /** Parses {@code args}; {@code dir} is null when the flag is absent. */
  public static HarnessOptions parse(String... args) {
    Path dir = null;
    double seconds = 2;
    int rounds = 2;
    long recoveryRecords = 1_000_000;
    List<String> only = List.of();
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (flag.equals("--help") || flag.equals("-h")) {
        throw new IllegalArgumentException(USAGE);
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(
            "Cannot parse the options: " + flag + " needs a value\n" + USAGE);
      }
      String value = args[++i];
      switch (flag) {
        case "--dir" -> dir = Path.of(value);
        case "--seconds" -> seconds = Double.parseDouble(value);
        case "--rounds" -> rounds = Integer.parseInt(value);
        case "--recovery-records" -> recoveryRecords = Long.parseLong(value);
        case "--only" -> only = List.of(value.split(","));
        default ->
            throw new IllegalArgumentException(
                "Cannot parse the options: unknown flag " + flag + "\n" + USAGE);
      }
    }
    return new HarnessOptions(dir, seconds, rounds, recoveryRecords, only);
  }

  /** Whether the workload named {@code name} is selected. */
  public boolean selects(String name) {
    return only.isEmpty() || only.stream().anyMatch(name::contains);
  }

  /** The time budget of one run in nanoseconds. */
  public long budgetNanos() {
    return (long) (seconds * 1e9);
  }
}
