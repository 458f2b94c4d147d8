package dev.mongolake.internal.engine;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The collections' table folders under the data root: {@code <db>/<collection>/_delta_log}. */
final class TableDirectories {

  private static final Logger LOG = LoggerFactory.getLogger(TableDirectories.class);

  private TableDirectories() {}

  /** Every folder that looks like a collection's table; names MongoDB would refuse are skipped. */
  static List<Namespace> find(Path root) {
    List<Namespace> found = new ArrayList<>();
    for (Path database : children(root)) {
      for (Path collection : children(database)) {
        if (!Files.isDirectory(collection.resolve("_delta_log"))) {
          continue;
        }
        try {
          found.add(
              new Namespace(
                  database.getFileName().toString(), collection.getFileName().toString()));
        } catch (MongoLakeException e) {
          LOG.warn("Ignoring table folder {}: {}", collection, e.getMessage());
        }
      }
    }
    return found;
  }

  private static List<Path> children(Path folder) {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(folder)) {
      return entries
          .filter(Files::isDirectory)
          .filter(p -> !p.getFileName().toString().startsWith("."))
          .filter(p -> !p.getFileName().toString().equals(Namespace.RESERVED_LOG_FOLDER))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + folder + ": " + e.getMessage(), e);
    }
  }

  /**
   * Deletes a table folder ({@code <database>/<folder>}), if any. Paths are validated, and one that
   * would still resolve outside the root is left alone.
   */
  static void delete(Path root, String tablePath) {
    Path folder = root.resolve(tablePath).normalize();
    if (!folder.startsWith(root.normalize()) || !Files.exists(folder)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + folder + ": " + e.getMessage(), e);
    }
  }
}
