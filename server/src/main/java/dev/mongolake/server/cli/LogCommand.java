package dev.mongolake.server.cli;

import dev.mongolake.daktilo.cli.AppendCommand;
import dev.mongolake.daktilo.cli.DumpCommand;
import dev.mongolake.daktilo.cli.InspectCommand;
import dev.mongolake.daktilo.cli.TailCommand;
import dev.mongolake.daktilo.cli.VerifyCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code mongolake log}: the daktilo tool's commands ({@code inspect}, {@code verify}, {@code
 * dump}, {@code append}, {@code tail}) on a write-ahead log directory, such as {@code
 * .mongolake/_wal}. Same options, output and exit codes as {@code daktilo}.
 */
@Command(
    name = "log",
    mixinStandardHelpOptions = true,
    description = "Inspect, verify, dump, append to and tail a daktilo write-ahead log.",
    subcommands = {
      InspectCommand.class,
      VerifyCommand.class,
      DumpCommand.class,
      AppendCommand.class,
      TailCommand.class,
      CommandLine.HelpCommand.class
    })
final class LogCommand implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    // Without a subcommand there is nothing to do but list the subcommands.
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
