package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * listCollections answers each entry as MongoDB does ({@code name, type, options, info: {readOnly,
 * uuid}, idIndex}; a view without uuid or idIndex), and a collection keeps its uuid across restarts
 * and renames.
 */
class ListCollectionsWithJavaDriverTest {

  @TempDir Path data;

  @Test
  void entriesHaveMongoDbsFieldsInItsOrder() {
    try (LocalServer local = LocalServer.start(data)) {
      MongoDatabase db = local.client().getDatabase("app");
      db.getCollection("items").insertOne(new Document("_id", 1));
      db.createView("recent", "items", List.of(new Document("$match", new Document())));

      Map<String, BsonDocument> entries = entries(db);
      BsonDocument items = entries.get("items");
      assertThat(new ArrayList<>(items.keySet()))
          .containsExactly("name", "type", "options", "info", "idIndex");
      assertThat(new ArrayList<>(items.getDocument("info").keySet()))
          .containsExactly("readOnly", "uuid");
      assertThat(items.getDocument("info").getBoolean("readOnly").getValue()).isFalse();
      assertThat(items.getDocument("info").getBinary("uuid").getType())
          .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());

      BsonDocument recent = entries.get("recent");
      assertThat(recent.getString("type").getValue()).isEqualTo("view");
      assertThat(new ArrayList<>(recent.keySet()))
          .containsExactly("name", "type", "options", "info");
      assertThat(recent.getDocument("info")).isEqualTo(BsonDocument.parse("{readOnly: true}"));
    }
  }

  @Test
  void aCollectionKeepsItsUuidAcrossRestartsAndRenames() {
    UUID items;
    UUID empty;
    try (LocalServer local = LocalServer.start(data)) {
      MongoDatabase db = local.client().getDatabase("app");
      db.getCollection("items").insertOne(new Document("_id", 1));
      db.createCollection("empty");
      items = uuid(db, "items");
      empty = uuid(db, "empty");
      assertThat(items).isNotEqualTo(empty);
      // Stable before the first flush too.
      assertThat(uuid(db, "items")).isEqualTo(items);
    }
    try (LocalServer local = LocalServer.start(data)) {
      MongoDatabase db = local.client().getDatabase("app");
      assertThat(uuid(db, "items")).isEqualTo(items);
      assertThat(uuid(db, "empty")).isEqualTo(empty);
      db.getCollection("items").renameCollection(new com.mongodb.MongoNamespace("app", "archive"));
      assertThat(uuid(db, "archive")).isEqualTo(items);
      db.getCollection("empty").drop();
      db.createCollection("empty");
      assertThat(uuid(db, "empty")).isNotEqualTo(empty);
    }
    try (LocalServer local = LocalServer.start(data)) {
      assertThat(uuid(local.client().getDatabase("app"), "archive")).isEqualTo(items);
    }
  }

  private static UUID uuid(MongoDatabase db, String name) {
    var binary = entries(db).get(name).getDocument("info").getBinary("uuid");
    return binary.asUuid();
  }

  private static Map<String, BsonDocument> entries(MongoDatabase db) {
    Map<String, BsonDocument> byName = new TreeMap<>();
    for (BsonDocument entry : db.listCollections(BsonDocument.class)) {
      byName.put(entry.getString("name").getValue(), entry);
    }
    return byName;
  }
}
