package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.LogInspector;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code daktilo tail DIR --from N}: prints records from N on and keeps following new ones until
 * interrupted (Ctrl-C), or until {@code --limit} records were printed. It reads the segment files
 * without opening the log, so it follows a log that another process is writing.
 */
@Command(
    name = "tail",
    mixinStandardHelpOptions = true,
    description = {
      "Print records from N on, then follow new records until interrupted (Ctrl-C).",
      "Output as for dump: SEQUENCE<TAB>PAYLOAD, or a hex dump with --hex.",
      "Reads the files only: follows a log that another process is writing."
    })
public final class TailCommand extends LogDirectoryCommand {

  @Option(
      names = "--from",
      paramLabel = "N",
      description = "First sequence to print (default: the next record appended).")
  Long from;

  @Option(
      names = "--limit",
      paramLabel = "COUNT",
      description = "Stop after printing COUNT records (default: follow until interrupted).")
  long limit = Long.MAX_VALUE;

  @Option(
      names = "--poll-ms",
      defaultValue = "20",
      description = "How often to look for new records, in ms (default: ${DEFAULT-VALUE}).")
  long pollMillis;

  @Option(names = "--hex", description = "Print payloads as a hex dump.")
  boolean hex;

  @Override
  int execute(PrintWriter out, PrintWriter err) throws IOException {
    RecordFormat format = hex ? RecordFormat.HEX : RecordFormat.TEXT;
    long start = from != null ? from : LogInspector.inspect(dir).headSequence() + 1;
    err.printf("tail: following %s from sequence %d (Ctrl-C to stop)%n", dir, start);
    err.flush();
    try (SegmentFollower follower = new SegmentFollower(dir, Duration.ofMillis(pollMillis))) {
      for (long printed = 0; printed < limit; printed++) {
        LogEntry entry = follower.next(start);
        if (entry == null) {
          break; // interrupted
        }
        format.print(entry, out);
        out.flush();
      }
    }
    return DaktiloCli.OK;
  }
}
