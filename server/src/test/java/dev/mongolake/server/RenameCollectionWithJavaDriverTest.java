package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.RenameCollectionOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** renameCollection through the official Java driver. */
class RenameCollectionWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase db;

  @BeforeEach
  void start() {
    server = startServer();
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    db = client.getDatabase("app");
  }

  private MongoLakeServer startServer() {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")), "test");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private void restart() {
    stop();
    start();
  }

  private static List<Document> documents(int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> new Document("_id", i).append("n", i)).toList();
  }

  private List<String> collectionNames(String database) {
    return client.getDatabase(database).listCollectionNames().into(new ArrayList<>());
  }

  @Test
  void renameCollectionKeepsDocumentsAndIndexesAcrossARestart() {
    MongoCollection<Document> orders = db.getCollection("orders");
    orders.insertMany(documents(0, 50));
    orders.createIndex(Indexes.ascending("n"), new IndexOptions().unique(true));
    client.getDatabase("admin").runCommand(new Document("fsync", 1));
    orders.insertMany(documents(50, 60));

    orders.renameCollection(new MongoNamespace("app", "orders_2025"));

    MongoCollection<Document> renamed = db.getCollection("orders_2025");
    assertThat(collectionNames("app")).containsExactly("orders_2025");
    assertThat(renamed.countDocuments()).isEqualTo(60);
    assertThat(renamed.find(eq("n", 55)).first())
        .isEqualTo(new Document("_id", 55).append("n", 55));
    assertThat(renamed.listIndexes().map(i -> i.getString("name")).into(new ArrayList<>()))
        .containsExactly("_id_", "n_1");

    restart();

    renamed = db.getCollection("orders_2025");
    assertThat(collectionNames("app")).containsExactly("orders_2025");
    assertThat(renamed.countDocuments()).isEqualTo(60);
    assertThat(renamed.listIndexes().map(i -> i.getString("name")).into(new ArrayList<>()))
        .containsExactly("_id_", "n_1");
  }

  @Test
  void renameIntoAnotherDatabase() {
    db.getCollection("events").insertMany(documents(0, 5));

    db.getCollection("events").renameCollection(new MongoNamespace("archive", "events"));

    assertThat(collectionNames("app")).isEmpty();
    assertThat(client.getDatabase("archive").getCollection("events").countDocuments()).isEqualTo(5);
    assertThat(client.listDatabaseNames().into(new ArrayList<>())).contains("archive");
  }

  @Test
  void dropTargetReplacesTheTarget() {
    db.getCollection("a").insertMany(documents(0, 3));
    db.getCollection("b").insertMany(documents(10, 20));

    assertCommandError(
        () -> db.getCollection("a").renameCollection(new MongoNamespace("app", "b")),
        48,
        "target namespace exists");
    db.getCollection("a")
        .renameCollection(
            new MongoNamespace("app", "b"), new RenameCollectionOptions().dropTarget(true));

    assertThat(collectionNames("app")).containsExactly("b");
    assertThat(db.getCollection("b").countDocuments()).isEqualTo(3);
  }

  @Test
  void errorsAreMongoDbs() {
    db.getCollection("a").insertOne(new Document("_id", 1));

    assertCommandError(
        () -> db.getCollection("missing").renameCollection(new MongoNamespace("app", "x")),
        26,
        "Source collection app.missing does not exist");
    assertCommandError(
        () -> db.getCollection("a").renameCollection(new MongoNamespace("app", "a")),
        20,
        "Can't rename a collection to itself");
    assertCommandError(
        () -> db.runCommand(new Document("renameCollection", "app.a").append("to", "app.b")),
        13,
        "renameCollection may only be run against the admin database.");
    assertCommandError(
        () ->
            client
                .getDatabase("admin")
                .runCommand(new Document("renameCollection", "app.a").append("to", "app.x$y")),
        73,
        "Invalid collection name: 'x$y' contains '$'");
    assertCommandError(
        () ->
            client
                .getDatabase("admin")
                .runCommand(new Document("renameCollection", "app.a").append("to", "../etc")),
        73,
        "Invalid namespace specified '../etc'");
    assertCommandError(
        () ->
            client
                .getDatabase("admin")
                .runCommand(new Document("renameCollection", "app.a").append("to", "app.../x")),
        73,
        "Invalid collection name: '../x' contains a path separator");
    assertCommandError(
        () -> client.getDatabase("admin").runCommand(new Document("renameCollection", "app.a")),
        4,
        "BSON field 'renameCollection.to' is missing but a required field");
    assertThat(collectionNames("app")).containsExactly("a");
  }

  @Test
  void theRawCommandRenamesToo() {
    db.getCollection("a").insertOne(new Document("_id", 1));

    Document reply =
        client
            .getDatabase("admin")
            .runCommand(
                new Document("renameCollection", "app.a")
                    .append("to", "app.c")
                    .append("dropTarget", false));

    assertThat(reply.get("ok")).isEqualTo(1.0);
    assertThat(collectionNames("app")).containsExactly("c");
  }

  private static void assertCommandError(Executable action, int code, String message) {
    assertThatThrownBy(action::execute)
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorMessage()).startsWith(message);
            });
  }
}
