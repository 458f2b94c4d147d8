package dev.mongolake.internal.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The folder of aggregation's temporary files, emptied at start. */
final class SpillDirectory {

  private static final Logger LOG = LoggerFactory.getLogger(SpillDirectory.class);

  private SpillDirectory() {}

  /** Deletes what a previous process left in {@code folder} (only this process holds the lock). */
  static void empty(Path folder) {
    if (!Files.isDirectory(folder)) {
      return;
    }
    long deleted = 0;
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        if (!path.equals(folder)) {
          Files.delete(path);
          deleted++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot empty " + folder, e);
    }
    if (deleted > 0) {
      LOG.info("Deleted {} temporary aggregation files left in {}", deleted, folder);
    }
  }
}
