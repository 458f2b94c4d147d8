package dev.mongolake.daktilo.cli;

import dev.mongolake.daktilo.LogInspection;
import dev.mongolake.daktilo.LogInspection.SegmentInfo;
import dev.mongolake.daktilo.LogInspector;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/**
 * {@code daktilo inspect DIR}: format version, segments table, head and checkpoint sequences, sizes
 * and compression state. Reads the files without opening the log, so it works on a log that another
 * process has open.
 */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description = {
      "Show the format version, segments, head and checkpoint sequences, sizes and compression.",
      "Reads the files only: safe on a log another process has open."
    })
public final class InspectCommand extends LogDirectoryCommand {

  @Override
  int execute(PrintWriter out, PrintWriter err) {
    LogInspection log = LogInspector.inspect(dir);
    out.println("log:            " + log.directory());
    out.println("format version: " + log.formatVersion());
    out.println("first sequence: " + log.firstSequence());
    out.println("head sequence:  " + log.headSequence());
    out.println("checkpoint:     " + log.checkpointSequence());
    out.println("segments:       " + log.segments().size() + " (" + bytes(log.totalBytes()) + ")");
    out.println();
    out.printf(
        "%-24s %8s %14s %14s %12s %12s %12s  %s%n",
        "segment", "id", "first", "last", "records", "data", "file size", "state");
    for (SegmentInfo segment : log.segments()) {
      out.printf(
          "%-24s %8d %14d %14d %12d %12s %12s  %s%n",
          segment.file().getFileName(),
          segment.id(),
          segment.firstSequence(),
          segment.lastSequence(),
          segment.records(),
          bytes(segment.dataBytes()),
          bytes(segment.sizeBytes()),
          state(segment));
    }
    return DaktiloCli.OK;
  }

  private static String state(SegmentInfo segment) {
    String state = segment.sealed() ? "sealed" : "active";
    return segment.compressed() ? state + ", compressed" : state;
  }

  /** Bytes in the largest unit that keeps the figure at or above 1. */
  static String bytes(long bytes) {
    if (bytes >= 1L << 30) {
      return String.format("%.1f GiB", bytes / (double) (1L << 30));
    }
    if (bytes >= 1L << 20) {
      return String.format("%.1f MiB", bytes / (double) (1L << 20));
    }
    if (bytes >= 1L << 10) {
      return String.format("%.1f KiB", bytes / 1024.0);
    }
    return bytes + " B";
  }
}
