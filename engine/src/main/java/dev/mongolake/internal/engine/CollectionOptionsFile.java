package dev.mongolake.internal.engine;

import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.nio.charset.StandardCharsets;
import org.bson.BsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * A collection's options on disk ({@code create}'s and {@code collMod}'s validator,
 * validationLevel, validationAction; a capped collection's capped, size and max): {@code
 * <db>/<collection>/_mongolake_collection.json} next to the Delta log, as canonical Extended JSON
 * {@code {"options": {...}}}, written with the table (as the index catalog is, see {@link
 * TableFlusher}) so that they outlive the log records that set them. The leading underscore keeps
 * Delta's vacuum and readers away; dropping the collection's files drops it too. Replaced
 * atomically by the storage's overwrite.
 */
final class CollectionOptionsFile {

  /** The file name inside the collection's table folder. */
  static final String FILE_NAME = "_mongolake_collection.json";

  private static final JsonWriterSettings JSON =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).indent(true).build();

  private CollectionOptionsFile() {}

  /** The options stored with the table at {@code tablePath}; empty when there are none. */
  static BsonDocument read(Storage storage, String tablePath) {
    byte[] bytes;
    try {
      bytes = storage.read(tablePath + "/" + FILE_NAME);
    } catch (StorageFileNotFoundException e) {
      return new BsonDocument();
    }
    BsonDocument file = BoundedJson.parseDocument(new String(bytes, StandardCharsets.UTF_8));
    return file.getDocument("options", new BsonDocument());
  }

  /** Replaces the options stored with the table at {@code tablePath}. */
  static void write(Storage storage, String tablePath, BsonDocument options) {
    String json = new BsonDocument("options", options).toJson(JSON);
    storage.overwrite(tablePath + "/" + FILE_NAME, json.getBytes(StandardCharsets.UTF_8));
  }
}
