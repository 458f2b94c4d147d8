package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Collections' tables kept apart from the data root (which then holds only the log). */
class TablesElsewhereTest {

  @TempDir Path root;
  @TempDir Path tables;

  private MongoLake open() {
    return MongoLake.open(MongoLakeOptions.defaults().withPath(root).withTables(tables.toString()));
  }

  @Test
  void flushedCollectionsLiveAtTheTablesLocationAndAreFoundAgainOnOpen() throws Exception {
    try (MongoLake lake = open()) {
      lake.db("app").collection("users").insertOne(new Document("_id", 1).append("name", "Ada"));
      lake.db("app").collection("users").createIndex(new Document("name", 1));
      lake.flush();
    }

    assertThat(tables.resolve("app/users/_delta_log")).isDirectory();
    assertThat(tables.resolve("_mongolake/collections/app/users")).isRegularFile();
    try (Stream<Path> rootEntries = Files.list(root)) {
      assertThat(rootEntries.map(p -> p.getFileName().toString())).containsExactly("_wal");
    }
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      assertThat(users.find(eq("_id", 1)).first())
          .isEqualTo(new Document("_id", 1).append("name", "Ada"));
      assertThat(users.listIndexes())
          .extracting(index -> index.getString("name").getValue())
          .containsExactly("_id_", "name_1");
    }
  }

  @Test
  void droppingACollectionRemovesItsFilesAndItsCatalogEntry() {
    try (MongoLake lake = open()) {
      lake.db("app").collection("gone").insertOne(new Document("_id", 1));
      lake.flush();
      lake.db("app").collection("gone").drop();
    }

    assertThat(tables.resolve("app/gone")).doesNotExist();
    assertThat(tables.resolve("_mongolake/collections/app/gone")).doesNotExist();
    try (MongoLake lake = open()) {
      assertThat(lake.db("app").listCollectionNames()).isEmpty();
    }
  }

  @Test
  void tablesInMemoryServeReadsAfterAFlush() {
    try (MongoLake lake =
        MongoLake.open(MongoLakeOptions.defaults().withPath(root).withTables("memory://"))) {
      MongoLakeCollection<Document> items = lake.db("app").collection("items");
      items.insertMany(List.of(new Document("_id", 1), new Document("_id", 2)));
      lake.flush();
      items.insertOne(new Document("_id", 3));

      assertThat(items.countDocuments()).isEqualTo(3);
      assertThat(items.find(eq("_id", 2)).first()).isEqualTo(new Document("_id", 2));
    }
  }

  @Test
  void theCatalogFolderNameIsNotADatabaseName() {
    try (MongoLake lake = open()) {
      assertThatThrownBy(
              () -> lake.db("_mongolake").collection("collections").insertOne(new Document()))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_NAMESPACE));
    }
  }
}
