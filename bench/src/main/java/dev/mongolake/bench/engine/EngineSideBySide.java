package dev.mongolake.bench.engine;

import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.logging.LogSettings;
import dev.mongolake.server.logging.LogSetup;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine side-by-side harness: insertMany until committed to Delta vs a bare parquet-java loop,
 * insertOne from concurrent callers vs the bare log's group commit, find by {@code _id}, and
 * restart after a crash vs a bare log scan (optionally also with an earlier build's classes), and
 * restart of an indexed collection loading its index file vs rebuilding it by table scan. Progress
 * goes to stderr, a Markdown table to stdout.
 *
 * <pre>
 * java -cp 'bench/target/bench.jar:bench/target/lib/*' dev.mongolake.bench.engine.EngineSideBySide
 * </pre>
 */
public final class EngineSideBySide {

  private EngineSideBySide() {}

  public static void main(String[] args) throws Exception {
    EngineOptions options;
    try {
      options = EngineOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    // Only warnings, unless a logback configuration of one's own says otherwise.
    if (System.getProperty("logback.configurationFile") == null) {
      LogSetup.apply(new LogSettings(LogLevel.WARN, LogFormat.TEXT, null));
    }
    Path root =
        options.dir() == null
            ? Files.createTempDirectory(Files.createDirectories(Path.of("target")), "engine-bench-")
            : Files.createDirectories(options.dir());
    System.err.printf(
        "engine side-by-side: dir=%s docs=%d seconds=%s rounds=%d clients=%s java=%s cpus=%d"
            + " load=%.1f%n",
        root.toAbsolutePath(),
        options.documents(),
        options.seconds(),
        options.rounds(),
        options.clients(),
        Runtime.version(),
        Runtime.getRuntime().availableProcessors(),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    List<EngineRow> rows = new ArrayList<>();
    if (options.selects("insertMany")) {
      rows.addAll(InsertManyWorkload.run(options, root));
    }
    if (options.selects("insertOne")) {
      rows.addAll(InsertOneWorkload.run(options, root));
    }
    if (options.selects("findById")) {
      rows.addAll(FindByIdWorkload.run(options, root));
    }
    if (options.selects("restart")) {
      rows.addAll(RestartWorkload.run(options, root));
      rows.addAll(IndexedRestartWorkload.run(options, root));
    }
    print(rows, System.out);
    System.err.printf(
        "load average after: %.1f%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static void print(List<EngineRow> rows, PrintStream out) {
    out.println("| workload | baseline | baseline /s | MongoLake /s | ratio | p50 | p99 |");
    out.println("|---|---|---:|---:|---:|---:|---:|");
    for (EngineRow row : rows) {
      boolean hasBaseline = !Double.isNaN(row.baselineRate());
      out.printf(
          "| %s | %s | %s | %s | %s | %s | %s |%n",
          row.workload(),
          row.baseline(),
          hasBaseline ? rate(row.baselineRate()) : "",
          rate(row.engineRate()),
          hasBaseline ? String.format("%.2f", row.ratio()) : "",
          row.latency().present() ? micros(row.latency().p50Micros()) : "",
          row.latency().present() ? micros(row.latency().p99Micros()) : "");
    }
  }

  private static String rate(double perSecond) {
    return perSecond >= 100 ? String.format("%,.0f", perSecond) : String.format("%.2f", perSecond);
  }

  private static String micros(double value) {
    return value >= 1000 ? String.format("%.1f ms", value / 1000) : String.format("%.0f us", value);
  }
}
