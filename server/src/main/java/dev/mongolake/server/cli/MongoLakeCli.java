package dev.mongolake.server.cli;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code mongolake} command: entry point of the runnable distribution. */
@Command(
    name = "mongolake",
    mixinStandardHelpOptions = true,
    versionProvider = MongoLakeCli.VersionProvider.class,
    description = "MongoDB-compatible document database on Parquet and Delta Lake.",
    subcommands = {
      DevCommand.class,
      ServeCommand.class,
      ImportCommand.class,
      ExportCommand.class,
      LogCommand.class,
      BranchCommand.class,
      CommandLine.HelpCommand.class
    })
public final class MongoLakeCli implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Runs the CLI and exits the JVM with the command's exit code. */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the CLI and returns its exit code, without exiting the JVM. */
  public static int run(String... args) {
    return new CommandLine(new MongoLakeCli())
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setExecutionExceptionHandler(MongoLakeCli::reportFailure)
        .execute(args);
  }

  /**
   * Start-up failures a user can fix (a port in use, a data folder another server holds, damage
   * found at rest, an unreadable certificate, a bad option combination or config file) print one
   * line; anything else keeps its stack trace for a bug report.
   */
  private static int reportFailure(
      Exception failure, CommandLine command, CommandLine.ParseResult parsed) {
    if (failure instanceof ConfigFileException) {
      // A refused configuration, as a usage error.
      command.getErr().println("mongolake: " + failure.getMessage());
      return ServeCommand.USAGE_ERROR;
    }
    if (failure instanceof IllegalArgumentException
        || failure instanceof UncheckedIOException
        || (failure instanceof MongoLakeException e && refusesToStart(e.errorCode()))) {
      command.getErr().println("mongolake: " + failure.getMessage());
    } else {
      failure.printStackTrace(command.getErr());
    }
    return 1;
  }

  /** A data folder in use, or damage found at rest: the message says what and what to do. */
  private static boolean refusesToStart(ErrorCode code) {
    return code == ErrorCode.DB_PATH_IN_USE || code == ErrorCode.DATA_CORRUPTION_DETECTED;
  }

  @Override
  public void run() {
    // Without a subcommand there is nothing to do but explain what there is.
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Reads the version that the build stamped into the distribution. */
  static String version() {
    return buildProperties().getProperty("version", "unknown");
  }

  /**
   * Names the build: the commit it was made from, with {@code -dirty} when the working tree had
   * uncommitted changes, or {@code unknown} when it was built outside a git checkout.
   */
  static String commit() {
    Properties build = buildProperties();
    String commit = build.getProperty("commit", "unknown");
    return Boolean.parseBoolean(build.getProperty("dirty")) ? commit + "-dirty" : commit;
  }

  private static Properties buildProperties() {
    Properties properties = new Properties();
    try (InputStream in = MongoLakeCli.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        properties.load(in);
      }
      return properties;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Supplies {@code --version} output. */
  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "mongolake " + version() + " (commit " + commit() + ")",
        "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
      };
    }
  }
}
