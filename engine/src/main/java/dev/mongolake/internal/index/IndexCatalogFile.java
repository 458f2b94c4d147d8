package dev.mongolake.internal.index;

import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * A collection's index definitions on disk: {@code <db>/<collection>/_mongolake_indexes.json} next
 * to the Delta log, as canonical Extended JSON {@code {"indexes": [spec, ...]}} without the {@code
 * _id_} index. The leading underscore keeps Delta's vacuum and readers away from it, and dropping
 * the collection's files drops it too. Replaced atomically by the storage's overwrite.
 */
public final class IndexCatalogFile {

  /** The file name inside the collection's table folder. */
  public static final String FILE_NAME = "_mongolake_indexes.json";

  private static final JsonWriterSettings JSON =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).indent(true).build();

  private IndexCatalogFile() {}

  /** The definitions stored with the table at {@code tablePath}; empty when there are none. */
  public static List<IndexSpec> read(Storage storage, String tablePath) {
    String path = tablePath + "/" + FILE_NAME;
    byte[] bytes;
    try {
      bytes = storage.read(path);
    } catch (StorageFileNotFoundException e) {
      return List.of();
    }
    BsonDocument catalog = BoundedJson.parseDocument(new String(bytes, StandardCharsets.UTF_8));
    List<IndexSpec> specs = new ArrayList<>();
    for (BsonValue spec : catalog.getArray("indexes", new BsonArray())) {
      specs.add(IndexSpecParser.parse(spec.asDocument()));
    }
    return specs;
  }

  /** Replaces the definitions stored with the table at {@code tablePath}. */
  public static void write(Storage storage, String tablePath, List<IndexSpec> specs) {
    BsonArray array = new BsonArray();
    specs.stream()
        .filter(spec -> !spec.name().equals(IndexSpec.ID_INDEX_NAME))
        .forEach(spec -> array.add(spec.toDocument()));
    String json = new BsonDocument("indexes", array).toJson(JSON);
    storage.overwrite(tablePath + "/" + FILE_NAME, json.getBytes(StandardCharsets.UTF_8));
  }
}
