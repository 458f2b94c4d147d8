package dev.mongolake.internal.engine;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.json.JsonParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which collections have tables, and where, kept in the table storage itself so that it works the
 * same on local disk and on object stores, which have no folders to list: one marker object per
 * collection under {@value #MARKERS}, written before the table is created and removed after its
 * files. Tables on local disk are also found by their folders, and their emptied folders removed.
 *
 * <p>An empty marker means the table is at the collection's default path {@code
 * <database>/<collection>}. Otherwise the marker holds {@code {"table": "<database>/<folder>"}}:
 * renaming a collection keeps its table where it is (moving files is neither atomic nor cheap on
 * object stores) and only writes the new name's marker, which also names the old name ({@code
 * renamedFrom}), the log sequence of the rename ({@code renamedAt}) and the tables of a dropped
 * target still to delete ({@code droppedTables}). Such a marker counts only once the log's
 * checkpoint has passed the rename: before, replaying the log redoes the rename from the old names.
 * A new collection whose default folder is taken gets {@code <collection>.<n>}.
 *
 * <p>Thread-safe; the engine is the only writer of the markers.
 */
final class TableCatalog {

  private static final Logger LOG = LoggerFactory.getLogger(TableCatalog.class);

  static final String MARKERS = Namespace.RESERVED_CATALOG_FOLDER + "/collections/";

  private final Storage storage;
  private final Path localRoot;

  /** The table path each marker names. */
  private final ConcurrentMap<Namespace, String> tablePaths = new ConcurrentHashMap<>();

  /**
   * @param localRoot the local folder the storage is rooted at, or {@code null} for object stores
   *     and memory
   */
  TableCatalog(Storage storage, Path localRoot) {
    this.storage = storage;
    this.localRoot = localRoot;
  }

  /** What a marker says. */
  private record Marker(
      String table, Namespace renamedFrom, long renamedAt, List<String> droppedTables) {

    static Marker plain(String table) {
      return new Marker(table, null, 0, List.of());
    }

    byte[] bytes(Namespace namespace) {
      if (renamedFrom == null && droppedTables.isEmpty() && table.equals(namespace.storagePath())) {
        return new byte[0];
      }
      BsonDocument out = new BsonDocument("table", new BsonString(table));
      if (renamedFrom != null) {
        out.append("renamedFrom", new BsonString(renamedFrom.fullName()))
            .append("renamedAt", new BsonInt64(renamedAt));
      }
      if (!droppedTables.isEmpty()) {
        BsonArray dropped = new BsonArray();
        droppedTables.forEach(path -> dropped.add(new BsonString(path)));
        out.append("droppedTables", dropped);
      }
      return out.toJson().getBytes(StandardCharsets.UTF_8);
    }

    static Marker parse(Namespace namespace, byte[] bytes) {
      if (bytes.length == 0) {
        return plain(namespace.storagePath());
      }
      BsonDocument in = BoundedJson.parseDocument(new String(bytes, StandardCharsets.UTF_8));
      String table = requireTablePath(in.getString("table").getValue());
      Namespace from =
          in.isString("renamedFrom")
              ? Namespace.parse(in.getString("renamedFrom").getValue())
              : null;
      List<String> dropped = new ArrayList<>();
      for (BsonValue path : in.getArray("droppedTables", new BsonArray())) {
        dropped.add(requireTablePath(path.asString().getValue()));
      }
      long at = in.isNumber("renamedAt") ? in.getNumber("renamedAt").longValue() : 0;
      return new Marker(table, from, at, List.copyOf(dropped));
    }
  }

  /**
   * Every collection with a marker (or, on local disk, an unclaimed table folder) and its table's
   * path. Settles a rename a crash interrupted: a new name's marker written after the rename was
   * logged but before the log's checkpoint passed it is removed (replaying the log redoes the
   * rename); after, the old name's marker, if still there, is removed. Either way the files of a
   * dropped target go.
   *
   * @param checkpoint the log's checkpoint sequence: replay starts after it
   */
  Map<Namespace, String> find(long checkpoint) {
    Map<Namespace, Marker> markers = new LinkedHashMap<>();
    for (FileEntry entry : storage.list(MARKERS, MARKERS)) {
      String[] parts = entry.path().substring(MARKERS.length()).split("/", -1);
      if (parts.length != 2) {
        LOG.warn("Ignoring catalog entry {}: not <database>/<collection>", entry.path());
        continue;
      }
      try {
        Namespace namespace = new Namespace(parts[0], parts[1]);
        markers.put(namespace, Marker.parse(namespace, storage.read(entry.path())));
      } catch (MongoLakeException
          | IllegalArgumentException
          | JsonParseException
          | org.bson.BsonInvalidOperationException
          | StorageFileNotFoundException e) {
        LOG.warn("Ignoring catalog entry {}: {}", entry.path(), e.getMessage());
      }
    }
    List<String> dropped = new ArrayList<>();
    for (Map.Entry<Namespace, Marker> entry : List.copyOf(markers.entrySet())) {
      Marker renamed = entry.getValue();
      if (renamed.renamedFrom() == null) {
        continue;
      }
      dropped.addAll(renamed.droppedTables());
      if (renamed.renamedAt() > checkpoint) {
        // The log will replay this rename from the old names.
        LOG.info(
            "Redoing the rename of {} to {} from the log", renamed.renamedFrom(), entry.getKey());
        storage.delete(marker(entry.getKey()));
        markers.remove(entry.getKey());
        continue;
      }
      Marker old = markers.get(renamed.renamedFrom());
      if (old != null && old.table().equals(renamed.table())) {
        // The rename stopped between writing the new marker and deleting the old one.
        storage.delete(marker(renamed.renamedFrom()));
        markers.remove(renamed.renamedFrom());
      }
    }
    markers.forEach((namespace, marker) -> tablePaths.put(namespace, marker.table()));
    for (String table : dropped) {
      if (!tablePaths.containsValue(table)) {
        deleteFiles(table);
      }
    }
    Map<Namespace, String> found = new LinkedHashMap<>(tablePaths);
    if (localRoot != null) {
      for (Namespace namespace : TableDirectories.find(localRoot)) {
        if (!found.containsKey(namespace) && !found.containsValue(namespace.storagePath())) {
          found.put(namespace, namespace.storagePath());
        }
      }
    }
    return found;
  }

  /**
   * Records the collection before its table is created, so a crash cannot hide the table.
   *
   * @return the path to create the table at: the one its marker names already, else the default
   *     path, else (when another table holds that) {@code <database>/<collection>.<n>}
   */
  String register(Namespace namespace) {
    String known = tablePaths.get(namespace);
    if (known != null) {
      return known;
    }
    String path = namespace.storagePath();
    for (int n = 2; taken(path); n++) {
      path = namespace.storagePath() + "." + n;
    }
    storage.overwrite(marker(namespace), Marker.plain(path).bytes(namespace));
    tablePaths.put(namespace, path);
    return path;
  }

  private boolean taken(String path) {
    return tablePaths.containsValue(path) || !storage.list(path + "/", path + "/").isEmpty();
  }

  /** The table path the collection's marker names, if it has one. */
  Optional<String> tablePath(Namespace namespace) {
    return Optional.ofNullable(tablePaths.get(namespace));
  }

  /**
   * The first half of a rename, logged at {@code sequence}: writes the target's marker (replacing
   * that of a dropped target), naming the table at {@code table} and the dropped target's tables.
   * It counts once the log's checkpoint passes {@code sequence} (see {@link #find(long)}).
   */
  void renameTo(
      Namespace source, Namespace target, String table, long sequence, List<String> droppedTables) {
    Marker marker = new Marker(table, source, sequence, droppedTables);
    storage.overwrite(marker(target), marker.bytes(target));
    tablePaths.put(target, table);
  }

  /**
   * The second half of a rename, once the log's checkpoint passed it: deletes the source's marker
   * and the dropped target's tables. Repeating it is harmless.
   */
  void renameFinished(Namespace source, String table, List<String> droppedTables) {
    if (table.equals(tablePaths.get(source))) {
      storage.delete(marker(source));
      tablePaths.remove(source);
    }
    for (String dropped : droppedTables) {
      if (!tablePaths.containsValue(dropped)) {
        deleteFiles(dropped);
      }
    }
  }

  /**
   * Deletes the collection's table files (at {@code table}, or else where its marker says), then
   * its marker. Repeating it (a replayed drop) is harmless.
   */
  void delete(Namespace namespace, String table) {
    String path = table != null ? table : tablePaths.get(namespace);
    if (path != null) {
      deleteFiles(path);
    }
    storage.delete(marker(namespace));
    tablePaths.remove(namespace);
  }

  private void deleteFiles(String table) {
    String prefix = table + "/";
    for (FileEntry file : storage.list(prefix, prefix)) {
      storage.delete(file.path());
    }
    if (localRoot != null) {
      // Side files the listing skips (dot files) and the now empty folders.
      TableDirectories.delete(localRoot, table);
    }
  }

  private static String marker(Namespace namespace) {
    return MARKERS + namespace.storagePath();
  }

  /**
   * A table path read from a marker: {@code <database>/<folder>}, where the folder is a name no
   * path trick can use to leave the storage root.
   *
   * @throws IllegalArgumentException otherwise
   */
  static String requireTablePath(String path) {
    String[] parts = path.split("/", -1);
    boolean valid = parts.length == 2;
    if (valid) {
      try {
        Namespace.validateDatabaseName(parts[0]);
      } catch (MongoLakeException e) {
        valid = false;
      }
      String folder = parts[1];
      valid &=
          !folder.isEmpty()
              && !folder.startsWith(".")
              && folder.indexOf('\\') < 0
              && folder.indexOf('\0') < 0;
    }
    if (!valid) {
      throw new IllegalArgumentException("not a table path <database>/<folder>: '" + path + "'");
    }
    return path;
  }
}
