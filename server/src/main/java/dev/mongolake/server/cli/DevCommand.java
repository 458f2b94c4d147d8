package dev.mongolake.server.cli;

import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.logging.LogSetup;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code mongolake dev}: runs the database for local development on the embedded default storage,
 * speaking the MongoDB wire protocol and the REST API, until interrupted (Ctrl-C), then shuts down
 * cleanly: in-flight commands finish and every acknowledged write is durable.
 */
@Command(
    name = "dev",
    mixinStandardHelpOptions = true,
    description = "Start MongoLake for local development (MongoDB wire protocol and REST API).")
final class DevCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin ServerOptions options;

  @Override
  public Integer call() throws InterruptedException {
    options.applyConfigFile();
    LogSetup.apply(options.logSettings());
    PrintWriter out = spec.commandLine().getOut();
    MongoLakeServer server = MongoLakeServer.start(options.config("dev"), MongoLakeCli.version());
    out.println("MongoLake " + MongoLakeCli.version() + " is running.");
    out.println("  connect:    " + server.connectionString());
    out.println("  rest:       " + server.restUrl().orElse("off"));
    out.println("  data:       " + options.path.toAbsolutePath().normalize());
    out.println("  durability: " + options.durabilityMode().name().toLowerCase(Locale.ROOT));
    out.println("  auth:       " + (options.auth ? "on (SCRAM)" : "off"));
    if (options.configFile != null) {
      out.println("  config:     " + options.configFile.toAbsolutePath().normalize());
    }
    out.println("Press Ctrl-C to stop.");
    out.flush();
    ServerRun.untilShutdown(server);
    return 0;
  }
}
