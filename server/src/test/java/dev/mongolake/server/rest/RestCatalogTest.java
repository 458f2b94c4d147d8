package dev.mongolake.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.server.MongoLakeServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonValue;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Databases, collections and indexes over REST, as the Java driver sees them. */
class RestCatalogTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private RestClient rest;
  private MongoClient driver;

  @BeforeEach
  void start() {
    server = RestTestServer.start(data, false);
    rest = RestTestServer.client(server);
    driver = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
  }

  @AfterEach
  void stop() {
    driver.close();
    server.close();
  }

  @Test
  void createdCollectionsAreListedByRestAndTheDriver() {
    RestClient.Reply created =
        rest.post("/api/databases/shop/collections", "{\"name\": \"orders\"}");
    RestClient.Reply again = rest.post("/api/databases/shop/collections", "{\"name\": \"orders\"}");

    assertThat(created.status()).isEqualTo(201);
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.json().getString("codeName").getValue()).isEqualTo("NamespaceExists");
    assertThat(driver.getDatabase("shop").listCollectionNames().into(new ArrayList<>()))
        .containsExactly("orders");
    assertThat(names(rest.get("/api/databases/shop/collections").json().getArray("collections")))
        .containsExactly("orders");
    assertThat(names(rest.get("/api/databases").json().getArray("databases"))).contains("shop");
  }

  @Test
  void droppingACollectionOrDatabaseRemovesIt() {
    driver.getDatabase("shop").getCollection("orders").insertOne(new Document("_id", 1));
    driver.getDatabase("shop").getCollection("carts").insertOne(new Document("_id", 1));

    assertThat(rest.delete("/api/databases/shop/collections/orders").status()).isEqualTo(200);
    assertThat(driver.getDatabase("shop").listCollectionNames().into(new ArrayList<>()))
        .containsExactly("carts");
    assertThat(rest.delete("/api/databases/shop").status()).isEqualTo(200);
    assertThat(driver.listDatabaseNames().into(new ArrayList<>())).doesNotContain("shop");
  }

  @Test
  void renamingACollectionKeepsItsDocuments() {
    driver.getDatabase("shop").getCollection("orders").insertOne(new Document("_id", 1));
    driver.getDatabase("shop").getCollection("carts").insertOne(new Document("_id", 2));

    RestClient.Reply renamed = rest.post("/api/shop/orders/rename", "{\"to\": \"orders_old\"}");
    RestClient.Reply taken = rest.post("/api/shop/carts/rename", "{\"to\": \"orders_old\"}");
    RestClient.Reply missing = rest.post("/api/shop/nothing/rename", "{\"to\": \"x\"}");
    RestClient.Reply moved =
        rest.post("/api/shop/carts/rename", "{\"to\": \"carts\", \"database\": \"archive\"}");

    assertThat(renamed.status()).isEqualTo(200);
    assertThat(renamed.json().getString("ns").getValue()).isEqualTo("shop.orders_old");
    assertThat(taken.status()).isEqualTo(409);
    assertThat(missing.status()).isEqualTo(404);
    assertThat(moved.status()).isEqualTo(200);
    assertThat(driver.getDatabase("shop").listCollectionNames().into(new ArrayList<>()))
        .containsExactly("orders_old");
    assertThat(driver.getDatabase("archive").getCollection("carts").countDocuments()).isEqualTo(1);
  }

  @Test
  void indexesListTheIdIndex() {
    driver.getDatabase("shop").getCollection("orders").insertOne(new Document("_id", 1));

    RestClient.Reply reply = rest.get("/api/shop/orders/indexes");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(names(reply.json().getArray("indexes"))).contains("_id_");
    assertThat(rest.get("/api/shop/missing/indexes").status()).isEqualTo(404);
  }

  private static List<String> names(List<BsonValue> entries) {
    return entries.stream().map(e -> e.asDocument().getString("name").getValue()).toList();
  }
}
