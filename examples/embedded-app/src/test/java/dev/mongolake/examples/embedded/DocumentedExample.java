package dev.mongolake.examples.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A code block of a user guide page, found by the marker line {@code <!-- example: NAME -->} just
 * before its fence, so a test can hold the page to the code it shows.
 */
final class DocumentedExample {

  /** The user guide, seen from this module's folder (the tests' working directory). */
  static final Path DOCS = Path.of("..", "..", "docs");

  private DocumentedExample() {}

  /** The lines of the fenced block that follows the marker {@code name} in {@code page}. */
  static List<String> lines(String page, String name) {
    Path file = DOCS.resolve(page);
    List<String> all;
    try {
      all = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String marker = "<!-- example: " + name + " -->";
    int at = all.indexOf(marker);
    if (at < 0 || at + 1 >= all.size() || !all.get(at + 1).startsWith("```")) {
      throw new IllegalStateException(
          "Cannot read example '" + name + "': " + file + " has no code fence after " + marker);
    }
    List<String> block = new ArrayList<>();
    for (int i = at + 2; i < all.size(); i++) {
      if (all.get(i).startsWith("```")) {
        return block;
      }
      block.add(all.get(i));
    }
    throw new IllegalStateException(
        "Cannot read example '" + name + "' in " + file + ": its code fence is not closed");
  }
}
