package dev.mongolake.daktilo.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code daktilo} command-line tool: look into, check, read, write and follow a log directory.
 *
 * <p>Exit codes: {@link #OK} on success, {@link #DAMAGED} when {@code verify} found damage, 2 on a
 * usage error, {@link #FAILED} when the command could not run (say, the directory is missing or the
 * log is open in another process).
 */
@Command(
    name = "daktilo",
    mixinStandardHelpOptions = true,
    version = "daktilo 0.1.0",
    description = "Inspect, verify, dump, append to and tail a daktilo log.",
    subcommands = {
      InspectCommand.class,
      VerifyCommand.class,
      DumpCommand.class,
      AppendCommand.class,
      TailCommand.class,
      CommandLine.HelpCommand.class
    })
public final class DaktiloCli implements Runnable {

  /** The command did what was asked; for {@code verify}: the log is sound. */
  public static final int OK = 0;

  /** {@code verify} found damage. */
  public static final int DAMAGED = 1;

  /** The command could not run; the reason is on stderr. */
  public static final int FAILED = 3;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Runs the tool and exits the JVM with its exit code. */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the tool with stdout and stderr and returns its exit code. */
  public static int run(String... args) {
    return new CommandLine(new DaktiloCli()).execute(args);
  }

  /** Runs the tool writing to {@code out} and {@code err} and returns its exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    return new CommandLine(new DaktiloCli()).setOut(out).setErr(err).execute(args);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
