package dev.mongolake.server.auth;

import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * One JSON file of the server's catalog in the table storage (users, roles), so that it lives
 * wherever the tables live: read once when the server opens, rewritten whole with the storage's
 * atomic overwrite on every change, readable by the server's user only. Not thread-safe; its owner
 * serializes access.
 *
 * @param storage the table storage
 * @param path the file's path in it
 * @param description what the file holds, for messages ("users file")
 */
public record CatalogFile(Storage storage, String path, String description) {

  private static final JsonWriterSettings JSON =
      JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).indent(true).build();

  /**
   * Reads and parses the file; empty when it does not exist yet.
   *
   * @throws IllegalStateException when it exists but cannot be parsed, naming the file
   */
  public <T> Optional<T> read(Function<BsonDocument, T> parse) {
    byte[] bytes;
    try {
      bytes = storage.read(path);
    } catch (StorageFileNotFoundException none) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          parse.apply(BoundedJson.parseDocument(new String(bytes, StandardCharsets.UTF_8))));
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "Cannot read the "
              + description
              + " "
              + path
              + ": "
              + e.getMessage()
              + " (fix or remove it)",
          e);
    }
  }

  /**
   * Replaces the file's content durably (an atomic overwrite). The file is private to the server's
   * user where the storage has permissions ({@link Storage#overwritePrivate}): it holds credentials
   * or what they grant.
   */
  public void write(BsonDocument content) {
    storage.overwritePrivate(path, content.toJson(JSON).getBytes(StandardCharsets.UTF_8));
  }
}
