package dev.mongolake.internal.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
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
 * the collection's folder drops it too. Replaced atomically (write, sync, rename).
 */
public final class IndexCatalogFile {

  /** The file name inside the collection's table folder. */
  public static final String FILE_NAME = "_mongolake_indexes.json";

  private static final JsonWriterSettings JSON =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).indent(true).build();

  private IndexCatalogFile() {}

  /** The definitions stored in {@code folder}; empty when it holds no catalog file. */
  public static List<IndexSpec> read(Path folder) {
    Path file = folder.resolve(FILE_NAME);
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      BsonDocument catalog = BsonDocument.parse(Files.readString(file, StandardCharsets.UTF_8));
      List<IndexSpec> specs = new ArrayList<>();
      for (BsonValue spec : catalog.getArray("indexes", new BsonArray())) {
        specs.add(IndexSpecParser.parse(spec.asDocument()));
      }
      return specs;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the index catalog " + file, e);
    }
  }

  /** Replaces the definitions stored in {@code folder}. */
  public static void write(Path folder, List<IndexSpec> specs) {
    BsonArray array = new BsonArray();
    specs.stream()
        .filter(spec -> !spec.name().equals(IndexSpec.ID_INDEX_NAME))
        .forEach(spec -> array.add(spec.toDocument()));
    String json = new BsonDocument("indexes", array).toJson(JSON);
    Path file = folder.resolve(FILE_NAME);
    Path temporary = folder.resolve(FILE_NAME + ".tmp");
    try {
      Files.createDirectories(folder);
      Files.writeString(temporary, json, StandardCharsets.UTF_8);
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
      Files.move(
          temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the index catalog " + file, e);
    }
  }
}
