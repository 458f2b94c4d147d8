package dev.mongolake.server.transfer;

import java.io.PrintWriter;

/**
 * A one-line progress display on a terminal, redrawn in place. Off when output is not a terminal (a
 * pipe, a file, CI), so logs and redirected output stay clean.
 */
public final class Progress {

  private static final int BAR_WIDTH = 30;

  private final PrintWriter out;
  private final String verb;
  private final long totalBytes;
  private long lastDrawNanos;

  private Progress(PrintWriter out, String verb, long totalBytes) {
    this.out = out;
    this.verb = verb;
    this.totalBytes = totalBytes;
  }

  /**
   * A progress display, or one that draws nothing when there is no terminal.
   *
   * @param totalBytes the input's size when known (for a bar), else -1 (a count only)
   */
  public static Progress onTerminal(PrintWriter out, String verb, long totalBytes) {
    return new Progress(System.console() != null ? out : null, verb, totalBytes);
  }

  /** Redraws, at most ten times a second, whatever the caller's pace. */
  public void update(long documents, long bytesRead) {
    if (out == null) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastDrawNanos < 100_000_000L) {
      return;
    }
    lastDrawNanos = now;
    draw(documents, bytesRead);
  }

  /** Draws the final state and ends the line. */
  public void finish(long documents, long bytesRead) {
    if (out == null) {
      return;
    }
    draw(documents, bytesRead);
    out.println();
    out.flush();
  }

  private void draw(long documents, long bytesRead) {
    StringBuilder line = new StringBuilder("\r");
    if (totalBytes > 0) {
      int percent = (int) Math.min(100, bytesRead * 100 / totalBytes);
      int filled = percent * BAR_WIDTH / 100;
      line.append('[')
          .append("#".repeat(filled))
          .append(" ".repeat(BAR_WIDTH - filled))
          .append("] ")
          .append(percent)
          .append("%  ");
    }
    line.append(documents).append(" documents ").append(verb);
    out.print(line);
    out.flush();
  }
}
