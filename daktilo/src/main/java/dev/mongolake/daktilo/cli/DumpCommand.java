package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.LogEntry;
import dev.mongolake.daktilo.LogInspection;
import dev.mongolake.daktilo.LogInspector;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code daktilo dump DIR --from A --to B [--hex]}: prints a range of records. Reads the segment
 * files without opening the log (no lock, no recovery), so it works on a log another process has
 * open and never changes the files.
 */
@Command(
    name = "dump",
    mixinStandardHelpOptions = true,
    description = {
      "Print records A..B (inclusive), one per line: SEQUENCE<TAB>PAYLOAD.",
      "Payloads print as UTF-8 text with control characters escaped (0x... when not UTF-8),"
          + " or as a hex dump with --hex. Reads the files only."
    })
public final class DumpCommand extends LogDirectoryCommand {

  @Option(
      names = "--from",
      paramLabel = "A",
      description = "First sequence to print (default: the first in the log).")
  Long from;

  @Option(
      names = "--to",
      paramLabel = "B",
      description = "Last sequence to print, inclusive (default: the last in the log).")
  Long to;

  @Option(names = "--hex", description = "Print payloads as a hex dump.")
  boolean hex;

  @Override
  int execute(PrintWriter out, PrintWriter err) throws IOException {
    RecordFormat format = hex ? RecordFormat.HEX : RecordFormat.TEXT;
    LogInspection log = LogInspector.inspect(dir);
    long first = from != null ? from : Math.max(1, log.firstSequence());
    long last = to != null ? to : log.headSequence();
    if (first > last) {
      return DaktiloCli.OK;
    }
    if (first < log.firstSequence()) {
      err.printf(
          "dump: records before %d were compacted away; starting there%n", log.firstSequence());
    }
    long printedUpTo = first - 1;
    try (SegmentFollower reader = new SegmentFollower(dir, Duration.ZERO)) {
      LogEntry entry;
      while (printedUpTo < last && (entry = reader.nextWritten(first)) != null) {
        if (entry.sequence() > last) {
          break;
        }
        format.print(entry, out);
        printedUpTo = entry.sequence();
      }
    }
    if (printedUpTo < last && to != null && last > log.headSequence()) {
      err.printf("dump: the log ends at sequence %d%n", log.headSequence());
    } else if (printedUpTo < last) {
      err.printf("dump: no valid record after sequence %d (run daktilo verify)%n", printedUpTo);
      return DaktiloCli.DAMAGED;
    }
    return DaktiloCli.OK;
  }
}
