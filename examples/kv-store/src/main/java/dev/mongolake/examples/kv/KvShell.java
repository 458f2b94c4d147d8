package dev.mongolake.examples.kv;

import dev.mongolake.daktilo.Durability;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * A line-oriented shell over {@link KvStore}: {@code kv-store DIR} reads commands from stdin, one
 * per line, and answers each on stdout.
 *
 * <pre>
 * put KEY VALUE   set KEY (VALUE is the rest of the line); prints the log sequence
 * get KEY         print the value, or (nil)
 * delete KEY      remove KEY; prints the log sequence
 * list            print every entry
 * snapshot        write a snapshot, checkpoint and compact the log
 * quit            close the store and exit (end of input does the same)
 * </pre>
 */
public final class KvShell {

  /** Runs the shell on the store in {@code args[0]}. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println(
          "Usage: kv-store DIR   (commands on stdin: put, get, delete, list, snapshot, quit)");
      System.exit(2);
    }
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    try (KvStore store = KvStore.open(Path.of(args[0]), Durability.BATCH)) {
      System.out.printf(
          "opened %s: %d keys, replayed %d log records after snapshot sequence %d%n",
          args[0], store.entries().size(), store.replayedRecords(), store.snapshotSequence());
      String line;
      while ((line = in.readLine()) != null && !line.strip().equals("quit")) {
        if (!line.isBlank()) {
          execute(store, line.strip(), System.out);
        }
      }
    }
  }

  static void execute(KvStore store, String line, PrintStream out) throws IOException {
    String[] words = line.split(" ", 3);
    switch (words[0]) {
      case "put" -> {
        if (words.length < 3) {
          out.println("error: put needs a key and a value");
        } else {
          out.println("ok seq=" + store.put(words[1], words[2]));
        }
      }
      case "get" -> {
        if (words.length != 2) {
          out.println("error: get needs a key");
        } else {
          out.println(store.get(words[1]).orElse("(nil)"));
        }
      }
      case "delete" -> {
        if (words.length != 2) {
          out.println("error: delete needs a key");
        } else {
          out.println("ok seq=" + store.delete(words[1]));
        }
      }
      case "list" -> {
        for (Map.Entry<String, String> entry : store.entries().entrySet()) {
          out.println(entry.getKey() + " = " + entry.getValue());
        }
      }
      case "snapshot" ->
          out.println(
              "snapshot at seq="
                  + store.snapshot()
                  + ", log now starts at seq="
                  + store.firstLogSequence());
      default -> out.println("error: unknown command '" + words[0] + "'");
    }
  }

  private KvShell() {}
}
