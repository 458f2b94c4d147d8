package dev.mongolake.bench.engine;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Options of the engine side-by-side harness.
 *
 * @param dir where workloads create their data (a fresh subdirectory per run)
 * @param documents documents loaded by insertMany, find by {@code _id} and restart
 * @param seconds how long each timed workload runs
 * @param rounds how many times each baseline / engine pair runs, alternating
 * @param clients concurrent callers for insertOne
 * @param unflushedDocuments documents left in the log (not flushed) for the restart workload
 * @param only substrings of workload names to run; empty runs all
 * @param beforeClasspath the class path of an earlier build whose restart is timed in the same
 *     rounds (side by side with this build's), or null
 */
public record EngineOptions(
    Path dir,
    int documents,
    double seconds,
    int rounds,
    List<Integer> clients,
    int unflushedDocuments,
    List<String> only,
    String beforeClasspath) {

  public static final String USAGE =
      """
      Usage: EngineSideBySide [--dir DIR] [--docs N] [--seconds S] [--rounds N] [--clients 1,16,64]
                              [--unflushed N] [--only insertMany,insertOne,findById,restart]
                              [--before-cp CLASSPATH]
        --dir DIR       directory for the data (default: a new temp dir under ./target)
        --docs N        documents (~1 KiB each) for insertMany, findById and restart (default 200000)
        --seconds S     time per timed workload run (default 3)
        --rounds N      baseline/engine alternations (default 2)
        --clients L     concurrent insertOne callers (default 1,16,64)
        --unflushed N   documents left only in the log for restart (default 100000)
        --only L        run only workloads whose name contains one of these
        --before-cp CP  also time restart with an earlier build's classes (its bench.jar:lib/*)
      """;

  public static EngineOptions parse(String... args) {
    Path dir = null;
    int documents = 200_000;
    double seconds = 3;
    int rounds = 2;
    List<Integer> clients = List.of(1, 16, 64);
    int unflushed = 100_000;
    List<String> only = List.of();
    String beforeClasspath = null;
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (flag.equals("--help") || flag.equals("-h")) {
        throw new IllegalArgumentException(USAGE);
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(flag + " needs a value\n" + USAGE);
      }
      String value = args[++i];
      switch (flag) {
        case "--dir" -> dir = Path.of(value);
        case "--docs" -> documents = Integer.parseInt(value);
        case "--seconds" -> seconds = Double.parseDouble(value);
        case "--rounds" -> rounds = Integer.parseInt(value);
        case "--clients" ->
            clients = Arrays.stream(value.split(",")).map(Integer::valueOf).toList();
        case "--unflushed" -> unflushed = Integer.parseInt(value);
        case "--only" -> only = List.of(value.split(","));
        case "--before-cp" -> beforeClasspath = value;
        default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + USAGE);
      }
    }
    return new EngineOptions(
        dir, documents, seconds, rounds, clients, unflushed, only, beforeClasspath);
  }

  public boolean selects(String name) {
    return only.isEmpty() || only.stream().anyMatch(name::contains);
  }

  public long budgetNanos() {
    return (long) (seconds * 1e9);
  }
}
