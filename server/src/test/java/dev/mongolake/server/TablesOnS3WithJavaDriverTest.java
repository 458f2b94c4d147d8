package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.s3.S3ProxyExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The server with its collections' tables on an S3-compatible store (s3proxy, started by the test)
 * and its write-ahead log on local disk, through the official Java driver.
 */
class TablesOnS3WithJavaDriverTest {

  @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();

  @TempDir Path data;

  private final String prefix = "lake-" + UUID.randomUUID();

  private MongoLakeServer start() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
            .withTables(S3.location(prefix).toString()),
        "test");
  }

  private List<String> objectKeys() {
    return S3
        .client()
        .listObjectsV2Paginator(b -> b.bucket(S3ProxyExtension.BUCKET).prefix(prefix + "/"))
        .contents()
        .stream()
        .map(S3Object::key)
        .map(key -> key.substring(prefix.length() + 1))
        .toList();
  }

  @Test
  void fsyncCommitsTheCollectionToS3AndARestartReadsItBack() throws Exception {
    try (MongoLakeServer server = start();
        MongoClient client = MongoClients.create(server.connectionString())) {
      MongoCollection<Document> users = client.getDatabase("app").getCollection("users");
      users.insertMany(
          IntStream.range(0, 500)
              .mapToObj(i -> new Document("_id", i).append("name", "user " + i))
              .toList());
      users.createIndex(new Document("name", 1));
      client.getDatabase("admin").runCommand(new Document("fsync", 1));

      assertThat(objectKeys())
          .contains(
              "_mongolake/collections/app/users",
              "app/users/_delta_log/00000000000000000000.json",
              "app/users/_mongolake_indexes.json")
          .anyMatch(key -> key.startsWith("app/users/part-") && key.endsWith(".parquet"));
    }
    try (Stream<Path> local = Files.list(data)) {
      assertThat(local.map(p -> p.getFileName().toString())).containsExactly("_wal");
    }

    try (MongoLakeServer server = start();
        MongoClient client = MongoClients.create(server.connectionString())) {
      MongoCollection<Document> users = client.getDatabase("app").getCollection("users");

      assertThat(users.countDocuments()).isEqualTo(500);
      assertThat(users.find(eq("_id", 321)).first())
          .isEqualTo(new Document("_id", 321).append("name", "user 321"));
      assertThat(users.find(eq("name", "user 7")).first().getInteger("_id")).isEqualTo(7);
      assertThat(client.getDatabase("app").listCollectionNames()).containsExactly("users");
    }
  }

  @Test
  void droppingACollectionDeletesItsObjects() throws Exception {
    try (MongoLakeServer server = start();
        MongoClient client = MongoClients.create(server.connectionString())) {
      MongoCollection<Document> gone = client.getDatabase("app").getCollection("gone");
      gone.insertOne(new Document("_id", 1));
      client.getDatabase("admin").runCommand(new Document("fsync", 1));
      assertThat(objectKeys()).isNotEmpty();

      gone.drop();

      assertThat(objectKeys()).isEmpty();
    }
  }

  @Test
  void renamingACollectionMovesNoObjectButItsCatalogMarker() throws Exception {
    try (MongoLakeServer server = start();
        MongoClient client = MongoClients.create(server.connectionString())) {
      MongoCollection<Document> logs = client.getDatabase("app").getCollection("logs");
      logs.insertMany(IntStream.range(0, 20).mapToObj(i -> new Document("_id", i)).toList());
      logs.createIndex(new Document("at", 1));
      client.getDatabase("admin").runCommand(new Document("fsync", 1));
      List<String> tableObjects =
          objectKeys().stream().filter(key -> key.startsWith("app/logs/")).toList();

      logs.renameCollection(new MongoNamespace("app", "logs_old"));
      logs.insertOne(new Document("_id", "new"));
      client.getDatabase("admin").runCommand(new Document("fsync", 1));

      assertThat(objectKeys())
          .containsAll(tableObjects)
          .contains("_mongolake/collections/app/logs_old", "_mongolake/collections/app/logs")
          .anyMatch(key -> key.startsWith("app/logs.2/_delta_log/"));
    }

    try (MongoLakeServer server = start();
        MongoClient client = MongoClients.create(server.connectionString())) {
      var app = client.getDatabase("app");
      assertThat(app.listCollectionNames()).containsExactlyInAnyOrder("logs", "logs_old");
      assertThat(app.getCollection("logs_old").countDocuments()).isEqualTo(20);
      assertThat(app.getCollection("logs").find().first()).isEqualTo(new Document("_id", "new"));
      assertThat(
              app.getCollection("logs_old")
                  .listIndexes()
                  .map(index -> index.getString("name"))
                  .into(new java.util.ArrayList<>()))
          .containsExactly("_id_", "at_1");

      app.getCollection("logs_old").drop();
      app.getCollection("logs").drop();

      assertThat(objectKeys()).isEmpty();
    }
  }
}
