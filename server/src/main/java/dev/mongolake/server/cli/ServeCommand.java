package dev.mongolake.server.cli;

import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.logging.LogSetup;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mongolake serve}: runs the database with production settings. It binds where it is told,
 * refuses to start without {@code --auth} unless {@code --insecure} says that is intended, and
 * prints one line per listener for the service's log instead of the development banner.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = "Run MongoLake as a service (requires --auth unless --insecure).")
final class ServeCommand implements Callable<Integer> {

  /** Exit code for a refused configuration, as picocli uses for usage errors. */
  static final int USAGE_ERROR = 2;

  @Spec CommandSpec spec;

  @Mixin ServerOptions options;

  @Option(
      names = "--insecure",
      description =
          "Allow running without authentication (--auth, or security.authorization: enabled in"
              + " the config file): any client that can connect can read and write.")
  boolean insecure;

  @Override
  public Integer call() throws InterruptedException {
    options.applyConfigFile();
    if (!options.auth && !insecure) {
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "Cannot serve without authentication: pass --auth (and create a user), or --insecure"
              + " to accept unauthenticated clients.");
      err.flush();
      return USAGE_ERROR;
    }
    LogSetup.apply(options.logSettings());
    MongoLakeServer server = MongoLakeServer.start(options.config("serve"), MongoLakeCli.version());
    PrintWriter out = spec.commandLine().getOut();
    out.println(
        "mongolake "
            + MongoLakeCli.version()
            + " serving "
            + options.path.toAbsolutePath().normalize()
            + " (durability "
            + options.durabilityMode().name().toLowerCase(Locale.ROOT)
            + ", auth "
            + (options.auth ? "on" : "OFF")
            + ")");
    out.println("wire " + server.connectionString());
    server.restUrl().ifPresent(url -> out.println("rest " + url));
    out.flush();
    ServerRun.untilShutdown(server);
    return 0;
  }
}
