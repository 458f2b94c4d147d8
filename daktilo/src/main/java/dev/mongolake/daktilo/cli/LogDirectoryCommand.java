package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.DaktiloException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Base of every subcommand: takes the log directory, runs, and turns the failures a user can cause
 * (a missing directory, a damaged or locked log) into one message on stderr and exit code {@link
 * DaktiloCli#FAILED}, instead of a stack trace.
 */
abstract class LogDirectoryCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "The log directory.")
  Path dir;

  /** Whether the command may create the directory (only {@code append} does). */
  boolean createsDirectory() {
    return false;
  }

  @Override
  public final Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    try {
      if (!createsDirectory() && !Files.isDirectory(dir)) {
        err.println(spec.qualifiedName() + ": Cannot open the log: no directory " + dir);
        return DaktiloCli.FAILED;
      }
      return execute(spec.commandLine().getOut(), err);
    } catch (DaktiloException | IOException | UncheckedIOException | IllegalArgumentException e) {
      err.println(spec.qualifiedName() + ": " + e.getMessage());
      return DaktiloCli.FAILED;
    } finally {
      spec.commandLine().getOut().flush();
      err.flush();
    }
  }

  /** Does the command's work and returns its exit code. */
  abstract int execute(PrintWriter out, PrintWriter err) throws IOException;
}
