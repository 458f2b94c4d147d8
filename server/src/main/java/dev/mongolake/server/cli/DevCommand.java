package dev.mongolake.server.cli;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mongolake dev}: runs the database for local development on the embedded default storage,
 * speaking the MongoDB wire protocol, until interrupted (Ctrl-C), then shuts down cleanly:
 * in-flight commands finish and every acknowledged write is durable.
 */
@Command(
    name = "dev",
    mixinStandardHelpOptions = true,
    description = "Start MongoLake for local development (MongoDB wire protocol).")
final class DevCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--port",
      defaultValue = "27017",
      description = "MongoDB wire protocol port (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--http-port",
      defaultValue = "3000",
      description = "REST API port (default: ${DEFAULT-VALUE}; the REST API is not in this build).")
  int httpPort;

  @Option(
      names = "--path",
      defaultValue = "${env:MONGOLAKE_PATH:-.mongolake}",
      description = "Data directory (default: ${DEFAULT-VALUE}).")
  Path path;

  @Option(
      names = "--bind",
      defaultValue = "127.0.0.1",
      description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
  String bind;

  @Option(names = "--auth", description = "Require clients to authenticate (SCRAM-SHA-256/SHA-1).")
  boolean auth;

  @Option(
      names = "--durability",
      defaultValue = "batch",
      description =
          "When writes are acknowledged: strict, batch or async (default: ${DEFAULT-VALUE}).")
  String durability;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    Durability mode = Durability.valueOf(durability.toUpperCase(java.util.Locale.ROOT));
    ServerConfig config =
        new ServerConfig(
            path,
            bind,
            port,
            auth,
            mode,
            List.of("mongolake", "dev", "--port", String.valueOf(port)));
    MongoLakeServer server = MongoLakeServer.start(config, MongoLakeCli.version());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .name("mongolake-shutdown")
                .unstarted(
                    () -> {
                      server.close();
                      stopped.countDown();
                    }));
    out.println("MongoLake " + MongoLakeCli.version() + " is running.");
    out.println("  connect:    " + server.connectionString());
    out.println("  data:       " + path.toAbsolutePath().normalize());
    out.println("  durability: " + mode.name().toLowerCase(java.util.Locale.ROOT));
    out.println("  auth:       " + (auth ? "on (SCRAM)" : "off"));
    out.println("Press Ctrl-C to stop.");
    out.flush();
    stopped.await();
    return 0;
  }
}
