package dev.mongolake.daktilo.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** One run of the {@code daktilo} tool through its entry point: exit code and captured output. */
record CliRun(int exitCode, String out, String err) {

  /** Runs {@code daktilo args...} with empty stdin. */
  static CliRun of(String... args) {
    return withStdin("", args);
  }

  /** Runs {@code daktilo args...} with {@code stdin} as standard input. */
  static CliRun withStdin(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    InputStream originalIn = System.in;
    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    try {
      int exitCode = DaktiloCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
      return new CliRun(exitCode, out.toString(), err.toString());
    } finally {
      System.setIn(originalIn);
    }
  }

  /** The lines of stdout. */
  java.util.List<String> outLines() {
    return out.lines().toList();
  }
}
