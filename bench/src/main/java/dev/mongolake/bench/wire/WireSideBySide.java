package dev.mongolake.bench.wire;

import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Percentiles;
import dev.mongolake.bench.baseline.RawForcePerRecord;
import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.logging.LogSettings;
import dev.mongolake.server.logging.LogSetup;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The wire-protocol side-by-side harness: starts a durable MongoLake server (BATCH durability:
 * every acknowledged write is fsynced by group commit) and the in-memory peer in this process, then
 * runs ping, insertOne and find by {@code _id} through the official Java driver from each client
 * count, alternating peer and MongoLake round by round. Progress goes to stderr, a Markdown table
 * of median throughput and pooled p50/p99 latencies to stdout.
 */
public final class WireSideBySide {

  /**
   * Clients of the compiler warm-up: enough to exercise concurrent paths, few enough for the JIT.
   */
  private static final int WARM_UP_CLIENTS = 4;

  /** The BSON size of the insertOne workload's document, for the raw fdatasync probe. */
  private static final int RAW_RECORD_BYTES = 200;

  /** Each target's unmeasured run before a workload's rounds at a new client count. */
  private static final long CELL_WARM_UP_NANOS = 1_000_000_000L;

  /** Runs the harness; see {@link WireOptions#USAGE}. */
  public static void main(String[] args) throws Exception {
    WireOptions options;
    try {
      options = WireOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    // The driver, the peer's Netty and the server log connections at INFO: keep progress readable.
    if (System.getProperty("logback.configurationFile") == null) {
      LogSetup.apply(new LogSettings(LogLevel.WARN, LogFormat.TEXT, null));
    }
    boolean ownRoot = options.dir() == null;
    Path root =
        ownRoot
            ? Files.createTempDirectory(Files.createDirectories(Path.of("target")), "wire-bench-")
            : Files.createDirectories(options.dir());
    String loadBefore = loadAverage();
    System.err.printf(
        "wire side-by-side: dir=%s seconds=%s rounds=%d clients=%s (%s threads) java=%s cpus=%d"
            + " load=%s%n",
        root.toAbsolutePath(),
        options.seconds(),
        options.rounds(),
        options.clients(),
        options.virtualClients() ? "virtual" : "platform",
        Runtime.version(),
        Runtime.getRuntime().availableProcessors(),
        loadBefore);
    Path data = Files.createTempDirectory(root, "mongolake-");
    List<WireCell> cells;
    Measurement fsync;
    try {
      cells = runAll(options, data, System.err);
      fsync = rawDurableWrite(data);
    } finally {
      deleteRecursively(ownRoot ? root : data);
    }
    PrintStream out = System.out;
    printTable(cells, out);
    out.printf(
        "%nraw limit in the same directory: write + fdatasync of one %d-byte record, one thread:"
            + " %,.0f/s, %s (a durable insert cannot be acknowledged sooner than a round trip plus"
            + " this)%n",
        RAW_RECORD_BYTES, fsync.rate(), fsync.latency());
    out.printf(
        "%nload average (1/5/15 min) before: %s, after: %s; %d cpus; %s client threads;"
            + " MongoLake on %s connection threads, durability %s; %s s warm-up, %s s x %d rounds"
            + " per cell%n",
        loadBefore,
        loadAverage(),
        Runtime.getRuntime().availableProcessors(),
        options.virtualClients() ? "virtual" : "platform",
        options.serverThreads().optionName(),
        options.durability().name().toLowerCase(Locale.ROOT),
        options.warmUpSeconds(),
        options.seconds(),
        options.rounds());
  }

  /**
   * The raw limit of a durable acknowledgement on this disk: a positional write of one small record
   * into a preallocated file and {@code fdatasync}, in a loop for a second.
   */
  private static Measurement rawDurableWrite(Path dir) throws Exception {
    Path probe = Files.createDirectories(dir.resolve("raw-fdatasync"));
    return new RawForcePerRecord(RAW_RECORD_BYTES, false).run(probe, 1_000_000_000L);
  }

  /** Runs every selected workload at every client count against both targets. */
  public static List<WireCell> runAll(WireOptions options, Path dataDir, PrintStream progress)
      throws Exception {
    List<WireCell> cells = new ArrayList<>();
    try (WireTarget peer = WireTarget.peer(options.maxClients());
        WireTarget ours =
            WireTarget.mongoLake(
                dataDir, options.maxClients(), options.serverThreads(), options.durability())) {
      progress.printf(
          "  peer at %s, ours at %s%n", peer.connectionString(), ours.connectionString());
      List<WireWorkload> workloads =
          Arrays.stream(WireWorkload.values()).filter(w -> options.selects(w.label())).toList();
      for (WireWorkload workload : workloads) {
        workload.prepare(peer.database());
        workload.prepare(ours.database());
      }
      warmUpCompiler(workloads, List.of(peer, ours), options, progress);
      long cellWarmUp = Math.min(CELL_WARM_UP_NANOS, options.runNanos());
      for (WireWorkload workload : workloads) {
        for (int clients : options.clients()) {
          WireBench.run(peer, workload, clients, cellWarmUp, options.virtualClients());
          WireBench.run(ours, workload, clients, cellWarmUp, options.virtualClients());
          List<WireRun> ourRuns = new ArrayList<>();
          List<WireRun> peerRuns = new ArrayList<>();
          for (int round = 1; round <= options.rounds(); round++) {
            // Alternate which side goes first so a drift in machine load hits both alike.
            List<WireTarget> order = round % 2 == 1 ? List.of(peer, ours) : List.of(ours, peer);
            for (WireTarget target : order) {
              long compilingBefore = compilationMillis();
              WireRun run =
                  WireBench.run(
                      target, workload, clients, options.runNanos(), options.virtualClients());
              (target == ours ? ourRuns : peerRuns).add(run);
              progress.printf(
                  "  %-12s %3d clients round %d %-4s %,10.0f ops/s %s, %.0f us CPU/op, JIT %d ms%s%n",
                  workload.label(),
                  clients,
                  round,
                  target.name(),
                  run.rate(),
                  WireCell.percentiles(List.of(run)),
                  run.cpuMicrosPerOperation(),
                  compilationMillis() - compilingBefore,
                  run.wrong() + run.errors() > 0
                      ? "  FAILURES wrong="
                          + run.wrong()
                          + " errors="
                          + run.errors()
                          + " first: "
                          + run.firstError()
                      : "");
            }
          }
          cells.add(new WireCell(workload, clients, ourRuns, peerRuns));
        }
      }
    }
    return cells;
  }

  /**
   * Runs every workload against every target with a few clients for {@code --warmup} seconds, so
   * that the JIT has compiled the hot paths before any round. With a hundred busy client and server
   * threads on two cores the compiler threads get a small share of the CPU and fall tens of seconds
   * behind, so measured rounds would pay for compilation (and run interpreted code) on whichever
   * side happens to run while it catches up.
   */
  private static void warmUpCompiler(
      List<WireWorkload> workloads,
      List<WireTarget> targets,
      WireOptions options,
      PrintStream progress)
      throws InterruptedException {
    long start = System.nanoTime();
    long compilingBefore = compilationMillis();
    for (WireWorkload workload : workloads) {
      for (WireTarget target : targets) {
        WireBench.run(
            target, workload, WARM_UP_CLIENTS, options.warmUpNanos(), options.virtualClients());
      }
    }
    progress.printf(
        "  warm-up: %.1f s, %,d ms of JIT compilation%n",
        (System.nanoTime() - start) / 1e9, compilationMillis() - compilingBefore);
  }

  private static long compilationMillis() {
    var compilation = ManagementFactory.getCompilationMXBean();
    return compilation == null ? 0 : compilation.getTotalCompilationTime();
  }

  /** Prints the Markdown table of {@code cells}. */
  public static void printTable(List<WireCell> cells, PrintStream out) {
    out.println(
        "| workload | clients | ops/s ours | ops/s peer | ours/peer | p50 / p99 ours | p50 / p99 peer"
            + " | CPU us/op ours / peer |");
    out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (WireCell cell : cells) {
      double ours = WireCell.medianRate(cell.ours());
      double peer = WireCell.medianRate(cell.peer());
      Percentiles ourLatency = WireCell.percentiles(cell.ours());
      Percentiles peerLatency = WireCell.percentiles(cell.peer());
      long failures = WireCell.failures(cell.ours()) + WireCell.failures(cell.peer());
      out.printf(
          "| %s | %d | %,.0f | %,.0f | %.2fx | %s | %s | %.0f / %.0f |%s%n",
          cell.workload().label(),
          cell.clients(),
          ours,
          peer,
          ours / peer,
          ourLatency,
          peerLatency,
          WireCell.medianCpuMicros(cell.ours()),
          WireCell.medianCpuMicros(cell.peer()),
          failures > 0 ? " FAILED OPERATIONS: " + failures : "");
    }
  }

  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException | RuntimeException e) {
      double load =
          java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      return String.format("%.2f", load);
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  private WireSideBySide() {}
}
