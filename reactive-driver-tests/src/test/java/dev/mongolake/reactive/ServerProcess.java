package dev.mongolake.reactive;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code mongolake serve} as a child process, a replica set member of one ({@code rs0}) on a fixed
 * port over a data folder, so that it can be stopped and started again where it was. The child runs
 * the server module's build ({@code server/target/classes} and the runtime class path that module
 * writes to {@code target/runtime-classpath.txt}): its bson and driver classes never meet the
 * Reactive Streams driver on this module's class path. Not thread-safe; {@link #close()} stops it.
 */
final class ServerProcess implements AutoCloseable {

  /** The replica set name the server announces; clients connect with {@code replicaSet=rs0}. */
  static final String REPLICA_SET = "rs0";

  private static final String MAIN = "dev.mongolake.server.cli.MongoLakeCli";
  private static final Duration START_LIMIT = Duration.ofSeconds(60);
  private static final Duration STOP_LIMIT = Duration.ofSeconds(30);

  private final Path data;
  private final Path logs;
  private final int port;
  private Process process;
  private int starts;

  private ServerProcess(Path data, Path logs, int port) {
    this.data = data;
    this.logs = logs;
    this.port = port;
  }

  /**
   * Starts a server over {@code folder/data} on a free loopback port, logging to {@code
   * folder/server-N.log}; returns once it prints its wire address.
   */
  static ServerProcess start(Path folder) {
    ServerProcess server = new ServerProcess(folder.resolve("data"), folder, freePort());
    server.startAgain();
    return server;
  }

  /** The connection string of this member, with its replica set name. */
  String connectionString() {
    return "mongodb://127.0.0.1:" + port + "/?replicaSet=" + REPLICA_SET;
  }

  /** Stops the server as an operator does (SIGTERM, a clean shutdown) and waits for its exit. */
  void stop() {
    if (process == null) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("the server did not stop within " + STOP_LIMIT);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    } finally {
      process = null;
    }
  }

  /** Starts the server again on the same data folder and port, after {@link #stop()}. */
  void startAgain() {
    if (process != null) {
      throw new IllegalStateException("the server is running");
    }
    Path log = logs.resolve("server-" + ++starts + ".log");
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("--sun-misc-unsafe-memory-access=allow");
    command.add("-cp");
    command.add(serverClassPath());
    command.addAll(
        List.of(
            MAIN,
            "serve",
            "--insecure",
            "--replica-set",
            REPLICA_SET,
            "--bind",
            "127.0.0.1",
            "--port",
            Integer.toString(port),
            "--no-http",
            "--path",
            data.toString()));
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Process started = process;
    await()
        .atMost(START_LIMIT)
        .pollInterval(Duration.ofMillis(50))
        .until(() -> listening(log).isPresent() || !started.isAlive());
    if (!started.isAlive()) {
      process = null;
      throw new IllegalStateException("the server exited at start:\n" + read(log));
    }
  }

  @Override
  public void close() {
    stop();
  }

  private static Optional<String> listening(Path log) {
    return read(log).lines().filter(line -> line.startsWith("wire ")).findFirst();
  }

  private static String read(Path log) {
    try {
      return Files.exists(log) ? Files.readString(log) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The server module's classes, then its runtime dependencies, as its build wrote them. */
  private static String serverClassPath() {
    Path target = Path.of(System.getProperty("mongolake.server.target", "../server/target"));
    Path classes = target.resolve("classes");
    Path dependencies = target.resolve("runtime-classpath.txt");
    if (!Files.isDirectory(classes) || !Files.isRegularFile(dependencies)) {
      throw new IllegalStateException(
          "Cannot start the server: build the server module first (no "
              + classes
              + " or "
              + dependencies
              + ")");
    }
    return classes + java.io.File.pathSeparator + read(dependencies).strip();
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
