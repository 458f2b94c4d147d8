package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonWriterSettings;

/**
 * A small catalog kept in the table storage as one JSON object whose one field is an array of
 * entries (the views', the attached tables'), so that it works the same on local disk and object
 * stores. A missing file is an empty catalog; a damaged one stops the lake from opening, naming the
 * file, rather than be read as empty.
 */
final class CatalogFile {

  private CatalogFile() {}

  /**
   * Hands each entry of {@code file}'s array {@code field} to {@code each}; nothing when there is
   * no file.
   *
   * @throws MongoLakeException DataCorruptionDetected when the file, or an entry {@code each}
   *     refuses, is damaged
   */
  static void read(Storage storage, String file, String field, Consumer<BsonDocument> each) {
    byte[] bytes;
    try {
      bytes = storage.read(file);
    } catch (StorageFileNotFoundException e) {
      return;
    }
    try {
      BsonDocument document = BoundedJson.parseDocument(new String(bytes, StandardCharsets.UTF_8));
      for (BsonValue entry : document.getArray(field)) {
        each.accept(entry.asDocument());
      }
    } catch (RuntimeException e) {
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: " + file + " is damaged (" + e.getMessage() + ")",
          e);
    }
  }

  /** Writes {@code entries} as {@code file}'s array {@code field}, or deletes the file for none. */
  static void write(
      Storage storage,
      String file,
      String field,
      List<BsonDocument> entries,
      JsonWriterSettings settings) {
    if (entries.isEmpty()) {
      storage.delete(file);
      return;
    }
    BsonDocument document = new BsonDocument(field, new BsonArray(entries));
    storage.overwrite(file, document.toJson(settings).getBytes(StandardCharsets.UTF_8));
  }
}
