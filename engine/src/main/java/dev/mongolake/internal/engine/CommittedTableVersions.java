package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * The Delta table version each collection's table had reached when the engine last trimmed the
 * write-ahead log ({@value #FILE}, in the table storage beside the catalog markers).
 *
 * <p>Trimming the log drops the records a flush committed to the tables, so from then on the tables
 * are their only copy. A table found at an older version on open (its newest {@code _delta_log}
 * commits deleted, or an old backup restored over it) has lost writes that no replay can bring
 * back, and opening it silently would serve old data as if it were current. This file is how the
 * engine tells: it is rewritten after the flush's commits and before the checkpoint moves, so it
 * never names a version that was not committed, and it names every version the trimmed log relied
 * on. Keys are table paths, which a rename keeps.
 */
final class CommittedTableVersions {

  static final String FILE = Namespace.RESERVED_CATALOG_FOLDER + "/committed-table-versions.json";

  private CommittedTableVersions() {}

  /** What the file holds: table path to version; empty when there is no file yet. */
  static Map<String, Long> read(Storage storage) {
    byte[] bytes;
    try {
      bytes = storage.read(FILE);
    } catch (StorageFileNotFoundException e) {
      return Map.of();
    }
    try {
      BsonDocument document = BoundedJson.parseDocument(new String(bytes, StandardCharsets.UTF_8));
      Map<String, Long> versions = new TreeMap<>();
      for (Map.Entry<String, BsonValue> entry : document.getDocument("tables").entrySet()) {
        versions.put(entry.getKey(), entry.getValue().asNumber().longValue());
      }
      return versions;
    } catch (RuntimeException e) {
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: " + FILE + " is damaged (" + e.getMessage() + ")",
          e);
    }
  }

  /**
   * Drops a deleted table's entry, so that a new table at the same path (a collection created again
   * after a drop) is not taken for the old one behind its version. Removes the file when it names
   * no table any more: dropping every collection leaves no object behind.
   */
  static void forget(Storage storage, String tablePath) {
    Map<String, Long> versions = new TreeMap<>(read(storage));
    if (versions.remove(tablePath) != null) {
      write(storage, versions);
    }
  }

  /** Replaces the file with {@code versions} (table path to version), or removes it when empty. */
  static void write(Storage storage, Map<String, Long> versions) {
    if (versions.isEmpty()) {
      storage.delete(FILE);
      return;
    }
    BsonDocument tables = new BsonDocument();
    new TreeMap<>(versions).forEach((path, version) -> tables.put(path, new BsonInt64(version)));
    storage.overwrite(
        FILE, new BsonDocument("tables", tables).toJson().getBytes(StandardCharsets.UTF_8));
  }
}
