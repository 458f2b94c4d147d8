package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code daktilo append DIR}: appends one record per line of stdin (the line's UTF-8 bytes without
 * its line break) and prints each record's sequence on its own line, like a console producer. Lines
 * already waiting on stdin are appended together with {@code appendMany}, so piping a file is fast.
 */
@Command(
    name = "append",
    mixinStandardHelpOptions = true,
    description = {
      "Append one record per stdin line (UTF-8, without the line break); print each sequence.",
      "Creates the log when DIR does not exist."
    })
public final class AppendCommand extends LogDirectoryCommand {

  private static final int MAX_LINES_PER_BATCH = 1024;

  @Option(
      names = "--durability",
      defaultValue = "BATCH",
      description = "STRICT, BATCH or ASYNC (default: ${DEFAULT-VALUE}).")
  Durability durability;

  @Override
  boolean createsDirectory() {
    return true;
  }

  @Override
  int execute(PrintWriter out, PrintWriter err) throws IOException {
    Files.createDirectories(dir);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    try (Daktilo log = Daktilo.open(dir, DaktiloOptions.defaults().withDurability(durability))) {
      List<byte[]> batch = new ArrayList<>();
      String line;
      while ((line = in.readLine()) != null) {
        batch.add(line.getBytes(StandardCharsets.UTF_8));
        // Append what has arrived so far, so that an interactive user sees each sequence at once.
        if (!in.ready() || batch.size() == MAX_LINES_PER_BATCH) {
          appendBatch(log, batch, out);
        }
      }
      appendBatch(log, batch, out);
    }
    return DaktiloCli.OK;
  }

  private static void appendBatch(Daktilo log, List<byte[]> batch, PrintWriter out) {
    if (batch.isEmpty()) {
      return;
    }
    long[] sequences = log.appendMany(batch);
    for (long sequence : sequences) {
      out.println(sequence);
    }
    out.flush();
    batch.clear();
  }
}
