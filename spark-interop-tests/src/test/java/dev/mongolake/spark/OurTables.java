package dev.mongolake.spark;

import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.PartitionColumns;
import dev.mongolake.delta.table.TableChanges;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The document tables the library writes for Spark to read, each with its live documents by {@code
 * _id}: promoted columns {@code n} (long) and {@code s} (string) beside the {@code doc} VARIANT,
 * replacements and deletes, a checkpoint; one table marks its deletes in deletion vectors and keeps
 * no commit before its checkpoint.
 */
final class OurTables {
  /** Replacements rewrite files; a checkpoint at the end. */
  static final String PROMOTED = "promoted";

  /** Replacements and deletes as deletion vectors (inline and in a vector file), a checkpoint. */
  static final String DELETION_VECTORS = "deletion-vectors";

  /**
   * Partitioned by {@code region} (a string; a value with '/' and ':' that the folder name escapes;
   * a number and a missing field in the null partition), replacements that move documents between
   * partitions, deletes, a checkpoint.
   */
  static final String PARTITIONED = "partitioned";

  static final DocumentSchema SCHEMA =
      DocumentSchema.parse(BsonDocument.parse("{n: 'long', s: 'string'}"));

  private OurTables() {}

  /** Writes both tables under {@code ours}; returns each table's live documents by id. */
  static Map<String, TreeMap<Long, BsonDocument>> write(Path ours) {
    return Map.of(
        PROMOTED,
        write(ours, PROMOTED, false),
        DELETION_VECTORS,
        write(ours, DELETION_VECTORS, true),
        PARTITIONED,
        writePartitioned(ours));
  }

  private static TreeMap<Long, BsonDocument> write(Path ours, String name, boolean vectors) {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(ours),
            name,
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT64)
                .withSchema(SCHEMA)
                .withRowGroupSizeBytes(1024)
                .withDeletionVectors(vectors),
            Clock.systemUTC());
    TreeMap<Long, BsonDocument> live = new TreeMap<>();
    for (int batch = 0; batch < 3; batch++) {
      List<BsonDocument> documents =
          IntStream.range(batch * 200, batch * 200 + 200).mapToObj(OurTables::document).toList();
      table.write(documents);
      documents.forEach(d -> live.put(d.getInt64("_id").getValue(), d));
    }
    // Replacements (one drops the promoted string, one changes its type) and deletes.
    List<BsonDocument> replaced = new ArrayList<>();
    for (long id = 3; id < 600; id += 50) {
      BsonDocument replacement = document((int) id).append("replaced", BsonBoolean.TRUE);
      replacement.put("s", new BsonString("r" + id));
      replaced.add(replacement);
    }
    replaced.add(new BsonDocument("_id", new BsonInt64(8)).append("n", new BsonInt64(-8)));
    replaced.add(
        new BsonDocument("_id", new BsonInt64(9))
            .append("n", new BsonInt64(9))
            .append("s", new BsonInt32(9)));
    List<BsonValue> deleted = new ArrayList<>();
    for (long id = 1; id < 600; id += 7) {
      long candidate = id;
      if (replaced.stream().noneMatch(d -> d.getInt64("_id").getValue() == candidate)) {
        deleted.add(new BsonInt64(id));
      }
    }
    table.commit(new TableChanges(List.of(), replaced, deleted), null, 0);
    replaced.forEach(d -> live.put(d.getInt64("_id").getValue(), d));
    deleted.forEach(id -> live.remove(id.asInt64().getValue()));
    // Many deletes in one file: a vector too large to inline.
    List<BsonValue> many = new ArrayList<>();
    for (long id = 400; id < 600; id += 2) {
      if (live.containsKey(id)) {
        many.add(new BsonInt64(id));
      }
    }
    table.commit(new TableChanges(List.of(), List.of(), many), null, 0);
    many.forEach(id -> live.remove(id.asInt64().getValue()));
    long checkpointed = table.delta().checkpoint(table.delta().snapshot());
    if (vectors) {
      // Readers then find the files and their vectors in the checkpoint alone.
      for (long version = 0; version < checkpointed; version++) {
        deleteCommit(ours.resolve(name), version);
      }
    }
    return live;
  }

  private static TreeMap<Long, BsonDocument> writePartitioned(Path ours) {
    DocumentTable table =
        DocumentTable.create(
            new FileSystemStorage(ours),
            PARTITIONED,
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT64)
                .withSchema(SCHEMA)
                .withPartitionColumns(
                    PartitionColumns.parse(BsonDocument.parse("{region: 'string'}"))),
            Clock.systemUTC());
    TreeMap<Long, BsonDocument> live = new TreeMap<>();
    for (int batch = 0; batch < 2; batch++) {
      List<BsonDocument> documents =
          IntStream.range(batch * 100, batch * 100 + 100)
              .mapToObj(i -> withRegion(document(i), i))
              .toList();
      table.write(documents);
      documents.forEach(d -> live.put(d.getInt64("_id").getValue(), d));
    }
    List<BsonDocument> moved = new ArrayList<>();
    for (int id = 0; id < 200; id += 9) {
      moved.add(withRegion(document(id), id + 1).append("moved", BsonBoolean.TRUE));
    }
    List<BsonValue> deleted = new ArrayList<>();
    for (long id = 4; id < 200; id += 18) {
      deleted.add(new BsonInt64(id));
    }
    table.commit(new TableChanges(List.of(), moved, deleted), null, 0);
    moved.forEach(d -> live.put(d.getInt64("_id").getValue(), d));
    deleted.forEach(id -> live.remove(id.asInt64().getValue()));
    table.delta().checkpoint(table.delta().snapshot());
    return live;
  }

  /** eu, us/east:1, the number 5 or no region. */
  private static BsonDocument withRegion(BsonDocument document, int i) {
    switch (i % 4) {
      case 0 -> document.put("region", new BsonString("eu"));
      case 1 -> document.put("region", new BsonString("us/east:1"));
      case 2 -> document.put("region", new BsonInt32(5));
      default -> document.remove("region");
    }
    return document;
  }

  private static void deleteCommit(Path table, long version) {
    try {
      Files.delete(table.resolve("_delta_log/%020d.json".formatted(version)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static BsonDocument document(int i) {
    return new BsonDocument("_id", new BsonInt64(i))
        .append("n", new BsonInt64(i * 10L))
        .append("s", new BsonString("v" + i))
        .append("score", new BsonDouble(i / 4.0))
        .append("profile", new BsonDocument("name", new BsonString("p" + i)))
        .append("tags", new BsonArray(List.of(new BsonString("t" + (i % 3)), BsonBoolean.TRUE)));
  }
}
