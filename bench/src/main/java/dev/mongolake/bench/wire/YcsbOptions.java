package dev.mongolake.bench.wire;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What {@link Ycsb} runs.
 *
 * @param documents records loaded (~1 KiB each: ten 100-byte fields)
 * @param seconds measured time per cell and target
 * @param warmUpSeconds unmeasured time per cell and target before it
 * @param threads client thread counts
 * @param workloads read shares in percent (the rest are updates): 50, 95, 100
 * @param distributions "uniform", "zipfian"
 * @param dir where MongoLake's data goes (a fresh temporary folder when null)
 * @param reportSeconds the interval of the per-interval throughput printed during measured runs
 *     (none when 0)
 */
public record YcsbOptions(
    int documents,
    double seconds,
    double warmUpSeconds,
    List<Integer> threads,
    List<Integer> workloads,
    List<String> distributions,
    Path dir,
    double reportSeconds) {

  static final String USAGE =
      """
      usage: Ycsb [--docs N] [--seconds S] [--warmup S] [--threads 1,8,32]
                  [--workloads 50,95,100] [--keys uniform,zipfian] [--dir DIR]
                  [--report-seconds S]
        --docs N        records loaded into each server, ~1 KiB each (default 100000)
        --seconds S     measured seconds per cell and server (default 30)
        --warmup S      unmeasured seconds per cell and server before it (default 3)
        --threads LIST  client threads (default 1,8,32)
        --workloads L   read percentages, the rest updates: 50 (A), 95 (B), 100 (C) (default all)
        --keys LIST     key distributions: uniform, zipfian (default both)
        --dir DIR       MongoLake's data folder (default: a temporary folder under target/)
        --report-seconds S
                        print each measured run's throughput every S seconds (default: never)
      """;

  static YcsbOptions parse(String[] args) {
    int documents = 100_000;
    double seconds = 30;
    double warmUp = 3;
    List<Integer> threads = List.of(1, 8, 32);
    List<Integer> workloads = List.of(50, 95, 100);
    List<String> distributions = List.of("uniform", "zipfian");
    Path dir = null;
    double reportSeconds = 0;
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("Missing value for " + flag + "\n" + USAGE);
      }
      String value = args[++i];
      switch (flag) {
        case "--docs" -> documents = Integer.parseInt(value);
        case "--seconds" -> seconds = Double.parseDouble(value);
        case "--warmup" -> warmUp = Double.parseDouble(value);
        case "--threads" -> threads = integers(value);
        case "--workloads" -> workloads = integers(value);
        case "--keys" -> distributions = Arrays.asList(value.split(","));
        case "--dir" -> dir = Path.of(value);
        case "--report-seconds" -> reportSeconds = Double.parseDouble(value);
        default -> throw new IllegalArgumentException("Unknown option " + flag + "\n" + USAGE);
      }
    }
    for (int read : workloads) {
      if (read < 0 || read > 100) {
        throw new IllegalArgumentException("Cannot run a workload of " + read + "% reads");
      }
    }
    distributions.forEach(name -> YcsbKeys.of(name, 2));
    return new YcsbOptions(
        documents,
        seconds,
        warmUp,
        threads,
        workloads,
        List.copyOf(distributions),
        dir,
        reportSeconds);
  }

  int maxThreads() {
    return threads.stream().mapToInt(Integer::intValue).max().orElse(1);
  }

  private static List<Integer> integers(String value) {
    return Arrays.stream(value.split(",")).map(String::trim).map(Integer::valueOf).toList();
  }
}
