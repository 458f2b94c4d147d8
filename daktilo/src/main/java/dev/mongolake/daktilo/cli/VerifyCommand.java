package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.LogVerifier;
import dev.mongolake.daktilo.VerifyReport;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/**
 * {@code daktilo verify DIR}: checks every segment header, frame, CRC32C and the sequence
 * continuity without opening the log (nothing is locked or repaired). Exit {@link DaktiloCli#OK}
 * when the log is sound; {@link DaktiloCli#DAMAGED} with one line per damage (segment, offset,
 * reason) otherwise.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Check every segment header, record frame, CRC32C and sequence continuity.",
      "Exit 0 when the log is sound; exit 1 and print segment, offset and reason of each damage.",
      "Reads the files only and repairs nothing. Verify a closed log: a record being written by"
          + " another process may show as a torn tail."
    })
public final class VerifyCommand extends LogDirectoryCommand {

  @Override
  int execute(PrintWriter out, PrintWriter err) {
    VerifyReport report = LogVerifier.verify(dir);
    if (report.ok()) {
      out.printf(
          "OK: %s is sound: %d segments, %d records%n",
          report.directory(), report.segments(), report.records());
      return DaktiloCli.OK;
    }
    out.printf(
        "DAMAGED: %s: %d problems in %d segments (%d valid records)%n",
        report.directory(), report.damages().size(), report.segments(), report.records());
    for (VerifyReport.Damage damage : report.damages()) {
      out.printf(
          "  segment %s offset %d: %s%n",
          damage.file().getFileName(), damage.offset(), damage.reason());
    }
    return DaktiloCli.DAMAGED;
  }
}
