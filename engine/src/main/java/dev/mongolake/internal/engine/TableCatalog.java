package dev.mongolake.internal.engine;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which collections have tables, kept in the table storage itself so that it works the same on
 * local disk and on object stores, which have no folders to list: one empty marker object per
 * collection under {@value #MARKERS}, written before the table is created and removed after its
 * files. Tables on local disk are also found by their folders, and their emptied folders removed.
 */
final class TableCatalog {

  private static final Logger LOG = LoggerFactory.getLogger(TableCatalog.class);

  static final String MARKERS = Namespace.RESERVED_CATALOG_FOLDER + "/collections/";

  private final Storage storage;
  private final Path localRoot;

  /**
   * @param localRoot the local folder the storage is rooted at, or {@code null} for object stores
   *     and memory
   */
  TableCatalog(Storage storage, Path localRoot) {
    this.storage = storage;
    this.localRoot = localRoot;
  }

  /** Every collection with a marker (or, on local disk, a table folder). */
  List<Namespace> find() {
    Set<Namespace> found = new LinkedHashSet<>();
    for (FileEntry marker : storage.list(MARKERS, MARKERS)) {
      String[] parts = marker.path().substring(MARKERS.length()).split("/", -1);
      if (parts.length != 2) {
        LOG.warn("Ignoring catalog entry {}: not <database>/<collection>", marker.path());
        continue;
      }
      try {
        found.add(new Namespace(parts[0], parts[1]));
      } catch (MongoLakeException e) {
        LOG.warn("Ignoring catalog entry {}: {}", marker.path(), e.getMessage());
      }
    }
    if (localRoot != null) {
      found.addAll(TableDirectories.find(localRoot));
    }
    return List.copyOf(found);
  }

  /** Records the collection before its table is created, so a crash cannot hide the table. */
  void register(Namespace namespace) {
    storage.writeIfAbsent(marker(namespace), new byte[0]);
  }

  /**
   * Deletes the collection's table files, then its marker. Repeating it (a replayed drop) is
   * harmless.
   */
  void delete(Namespace namespace) {
    String prefix = namespace.storagePath() + "/";
    for (FileEntry file : storage.list(prefix, prefix)) {
      storage.delete(file.path());
    }
    if (localRoot != null) {
      // Side files the listing skips (dot files) and the now empty folders.
      TableDirectories.delete(localRoot, namespace);
    }
    storage.delete(marker(namespace));
  }

  private static String marker(Namespace namespace) {
    return MARKERS + namespace.storagePath();
  }
}
