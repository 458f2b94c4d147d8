package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code $indexStats} through the official Java driver, with the manual's orders example: one
 * document per index, its {@code accesses.ops} growing with each query the planner runs through it,
 * and the host the client connected to.
 */
class IndexStatsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> orders;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    orders = client.getDatabase("shop").getCollection("orders");
    orders.insertMany(
        List.of(
            order(1, "abc", 12, 2, "apparel"),
            order(2, "jkl", 20, 1, "electronics"),
            order(3, "abc", 10, 5, "apparel")));
    orders.createIndex(Indexes.ascending("item", "quantity"));
    orders.createIndex(Indexes.ascending("type", "item"));
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private static Document order(int id, String item, int price, int quantity, String type) {
    return new Document("_id", id)
        .append("item", item)
        .append("price", price)
        .append("quantity", quantity)
        .append("type", type);
  }

  private Map<String, Document> indexStats() {
    Map<String, Document> byName = new TreeMap<>();
    for (Document stats : orders.aggregate(List.of(new Document("$indexStats", new Document())))) {
      byName.put(stats.getString("name"), stats);
    }
    return byName;
  }

  private static long ops(Document stats) {
    return stats.get("accesses", Document.class).getLong("ops");
  }

  @Test
  void oneDocumentPerIndexWithKeyHostAccessesAndSpec() {
    Map<String, Document> stats = indexStats();

    assertThat(stats).containsOnlyKeys("_id_", "item_1_quantity_1", "type_1_item_1");
    Document item = stats.get("item_1_quantity_1");
    assertThat(item.keySet()).containsExactly("name", "key", "host", "accesses", "spec");
    assertThat(item.get("key", Document.class))
        .isEqualTo(new Document("item", 1).append("quantity", 1));
    String hostAndPort = server.connectionString().replaceFirst("^mongodb://([^/]+)/.*$", "$1");
    assertThat(item.getString("host")).isEqualTo(hostAndPort);
    assertThat(item.get("accesses", Document.class).get("ops")).isEqualTo(0L);
    assertThat(item.get("accesses", Document.class).get("since")).isInstanceOf(Date.class);
    assertThat(item.get("spec", Document.class))
        .isEqualTo(
            new Document("v", 2)
                .append("key", new Document("item", 1).append("quantity", 1))
                .append("name", "item_1_quantity_1"));
  }

  @Test
  void opsGrowWithTheFindsThatUseTheIndex() {
    orders.find(Filters.eq("type", "apparel")).into(new ArrayList<>());
    orders.find(Filters.eq("item", "abc")).into(new ArrayList<>());
    orders.find(Filters.eq("item", "abc")).first();
    orders.countDocuments(Filters.eq("type", "electronics"));
    orders.find(Filters.eq("_id", 3)).first();

    Map<String, Document> stats = indexStats();

    assertThat(ops(stats.get("item_1_quantity_1"))).isEqualTo(2);
    assertThat(ops(stats.get("type_1_item_1"))).isEqualTo(2);
    assertThat(ops(stats.get("_id_"))).isEqualTo(1);

    orders.find(Filters.eq("item", "jkl")).into(new ArrayList<>());

    assertThat(ops(indexStats().get("item_1_quantity_1"))).isEqualTo(3);
  }

  @Test
  void aScanUsesNoIndex() {
    orders.find(Filters.gt("price", 11)).into(new ArrayList<>());

    assertThat(indexStats().values()).allSatisfy(stats -> assertThat(ops(stats)).isZero());
  }

  @Test
  void aNonEmptySpecificationIsRefused() {
    assertThatThrownBy(
            () ->
                orders
                    .aggregate(List.of(new Document("$indexStats", new Document("x", 1))))
                    .first())
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(28803);
              assertThat(e.getErrorMessage())
                  .isEqualTo("The $indexStats stage specification must be an empty object");
            });
  }

  @Test
  void aViewHasNoIndexStatistics() {
    client
        .getDatabase("shop")
        .createView(
            "apparel", "orders", List.of(new Document("$match", new Document("type", "apparel"))));

    assertThatThrownBy(
            () ->
                client
                    .getDatabase("shop")
                    .getCollection("apparel")
                    .aggregate(List.of(new Document("$indexStats", new Document())))
                    .first())
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(166);
              assertThat(e.getErrorMessage())
                  .isEqualTo("Namespace shop.apparel is a view, not a collection");
            });
  }
}
