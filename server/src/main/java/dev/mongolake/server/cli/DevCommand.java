package dev.mongolake.server.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code mongolake dev}: runs the database for local development on the embedded default storage.
 *
 * <p>The wire-protocol server is not part of this build yet, so the command says so and exits with
 * a non-zero code instead of pretending to serve.
 */
@Command(
    name = "dev",
    mixinStandardHelpOptions = true,
    description = "Start MongoLake for local development (wire protocol and REST API).")
final class DevCommand implements Callable<Integer> {

  /** Exit code for a command that exists but cannot run in this build. */
  static final int NOT_AVAILABLE = 3;

  @Option(
      names = "--port",
      defaultValue = "27017",
      description = "MongoDB wire protocol port (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--http-port",
      defaultValue = "3000",
      description = "REST API port (default: ${DEFAULT-VALUE}).")
  int httpPort;

  @Option(
      names = "--path",
      defaultValue = "${env:MONGOLAKE_PATH:-.mongolake}",
      description = "Data directory (default: ${DEFAULT-VALUE}).")
  Path path;

  @Override
  public Integer call() {
    System.err.println(
        "mongolake dev: the server is not yet available in this build "
            + "(data path would be "
            + path.toAbsolutePath().normalize()
            + ", port "
            + port
            + ").");
    return NOT_AVAILABLE;
  }
}
