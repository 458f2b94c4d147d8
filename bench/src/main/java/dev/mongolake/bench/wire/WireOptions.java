package dev.mongolake.bench.wire;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.net.ConnectionThreads;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Command-line options of the wire harness.
 *
 * @param dir where the MongoLake server keeps its data (a fresh subdirectory per run); null for a
 *     new temp dir under {@code ./target}
 * @param seconds how long each measured run lasts
 * @param rounds how many peer / MongoLake alternations each workload and client count gets
 * @param clients the client thread counts to measure
 * @param only substrings of workload names to run; empty runs all
 * @param virtualClients whether client threads are virtual threads (they then share the carrier
 *     threads with MongoLake's per-connection virtual threads) rather than platform threads
 * @param serverThreads what kind of thread MongoLake serves each connection on
 * @param durability MongoLake's log durability: BATCH (its default, every acknowledged write
 *     fsynced) unless a run asks what the engine costs without waiting for the disk
 * @param warmUpSeconds how long each target runs each workload, unmeasured, with a few clients
 *     before any round (long enough for the JIT to compile both servers' hot paths)
 */
public record WireOptions(
    Path dir,
    double seconds,
    int rounds,
    List<Integer> clients,
    List<String> only,
    boolean virtualClients,
    ConnectionThreads serverThreads,
    Durability durability,
    double warmUpSeconds) {

  /** Usage text. */
  public static final String USAGE =
      """
      Usage: WireSideBySide [--dir DIR] [--seconds S] [--rounds N] [--clients 1,16,64] [--only a,b]
        --dir DIR          directory for MongoLake's data (default: a new temp dir under ./target)
        --seconds S        time per measured run (default 3)
        --rounds N         peer/MongoLake alternations per workload and client count (default 3)
        --clients a,b      client thread counts (default 1,16,64)
        --only a,b         run only workloads whose name contains one of these (ping, insertOne, find)
        --client-threads T platform (default) or virtual
        --server-threads T what serves MongoLake's connections: event-loop (default), virtual or
                           platform
        --durability D     MongoLake's durability: batch (default), strict or async
        --warmup S         unmeasured run per server and workload before the rounds (default 10)
      """;

  public WireOptions {
    clients = List.copyOf(clients);
    only = List.copyOf(only);
    if (seconds <= 0
        || warmUpSeconds < 0
        || rounds < 1
        || clients.isEmpty()
        || clients.stream().anyMatch(c -> c < 1)) {
      throw new IllegalArgumentException(
          "Cannot use the options: seconds, rounds and client counts must be positive, the"
              + " warm-up not negative\n"
              + USAGE);
    }
  }

  /** Parses {@code args}. */
  public static WireOptions parse(String... args) {
    Path dir = null;
    double seconds = 3;
    int rounds = 3;
    List<Integer> clients = List.of(1, 16, 64);
    List<String> only = List.of();
    boolean virtualClients = false;
    ConnectionThreads serverThreads = ConnectionThreads.EVENT_LOOP;
    Durability durability = Durability.BATCH;
    double warmUpSeconds = 10;
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
        case "--clients" ->
            clients =
                Arrays.stream(value.split(",")).map(String::trim).map(Integer::valueOf).toList();
        case "--only" -> only = List.of(value.split(","));
        case "--client-threads" ->
            virtualClients =
                switch (value) {
                  case "virtual" -> true;
                  case "platform" -> false;
                  default ->
                      throw new IllegalArgumentException(
                          "Cannot parse the options: --client-threads is platform or virtual, was "
                              + value
                              + "\n"
                              + USAGE);
                };
        case "--server-threads" -> serverThreads = ConnectionThreads.parse(value);
        case "--warmup" -> warmUpSeconds = Double.parseDouble(value);
        case "--durability" -> durability = choice(flag, value, Durability.class);
        default ->
            throw new IllegalArgumentException(
                "Cannot parse the options: unknown flag " + flag + "\n" + USAGE);
      }
    }
    return new WireOptions(
        dir,
        seconds,
        rounds,
        clients,
        only,
        virtualClients,
        serverThreads,
        durability,
        warmUpSeconds);
  }

  /** The constant of {@code type} named {@code value}, in any case, or a usage error. */
  private static <E extends Enum<E>> E choice(String flag, String value, Class<E> type) {
    try {
      return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot parse the options: "
              + flag
              + " is one of "
              + Arrays.toString(type.getEnumConstants()).toLowerCase(Locale.ROOT)
              + ", was "
              + value
              + "\n"
              + USAGE,
          e);
    }
  }

  /** Whether the workload named {@code name} is selected. */
  public boolean selects(String name) {
    return only.isEmpty() || only.stream().anyMatch(name::contains);
  }

  /** The most clients any run uses: the size of each driver's connection pool. */
  public int maxClients() {
    return clients.stream().mapToInt(Integer::intValue).max().orElseThrow();
  }

  /** The length of each target's warm-up in nanoseconds. */
  public long warmUpNanos() {
    return (long) (warmUpSeconds * 1e9);
  }

  /** The length of one measured run in nanoseconds. */
  public long runNanos() {
    return (long) (seconds * 1e9);
  }
}
