package dev.mongolake.server.attach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delta tables written by Spark (the golden tables, read in place) attached through the Java
 * driver: {@code attachTable}, reads with filters, sort and {@code $group}, {@code
 * listCollections}, refused writes, a restart, and {@code drop} detaching while the files stay.
 */
class AttachedTablesWithJavaDriverTest {

  @TempDir Path data;

  private static Path golden() {
    String environment = System.getenv("MONGOLAKE_GOLDEN_TABLES");
    Path location =
        environment != null && !environment.isBlank()
            ? Path.of(environment)
            : Path.of("/work/shared/delta-golden");
    if (!Files.isDirectory(location)) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        Assertions.fail("the Spark-written golden tables are not at " + location);
      }
      Assumptions.abort("the Spark-written golden tables are not at " + location);
    }
    return location;
  }

  private static MongoLakeServer start(Path data) {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"), 0),
        "test");
  }

  private static MongoClient client(MongoLakeServer server) {
    return MongoClients.create(server.connectionString() + "?directConnection=true");
  }

  @Test
  void anAttachedTableIsQueriedListedRefusedKeptAndDetached() throws Exception {
    Path table = golden().resolve("basic-with-inserts-updates");
    Path dvTable = golden().resolve("dv-with-columnmapping");
    long filesBefore = fileCount(table);
    {
      try (MongoLakeServer server = start(data);
          MongoClient driver = client(server)) {
        MongoDatabase app = driver.getDatabase("app");
        Document reply =
            app.runCommand(
                new Document("attachTable", "sales").append("location", table.toString()));
        assertThat(reply.getString("attached")).isEqualTo("app.sales");
        app.runCommand(
            new Document("attachTable", "parts").append("location", dvTable.toUri().toString()));
        MongoCollection<Document> sales = app.getCollection("sales");

        assertThat(sales.countDocuments()).isEqualTo(100);
        assertThat(sales.countDocuments(Filters.eq("str", "N/A"))).isEqualTo(50);
        List<Integer> ids = new ArrayList<>();
        sales
            .find(Filters.gt("id", 95))
            .sort(Sorts.descending("id"))
            .forEach(d -> ids.add(d.getInteger("id")));
        assertThat(ids).containsExactly(99, 98, 97, 96);
        List<Document> groups =
            sales
                .aggregate(
                    List.of(
                        Aggregates.group(
                            new Document("$eq", List.of("$str", "N/A")), Accumulators.sum("n", 1)),
                        Aggregates.sort(Sorts.ascending("_id"))))
                .into(new ArrayList<>());
        assertThat(groups)
            .containsExactly(
                new Document("_id", false).append("n", 50),
                new Document("_id", true).append("n", 50));
        assertThat(app.getCollection("parts").countDocuments()).isEqualTo(35);
        assertThat(sales.distinct("str", Filters.lt("id", 52), String.class))
            .containsExactly("N/A", "val=50", "val=51");

        Document listed = app.listCollections().filter(Filters.eq("name", "sales")).first();
        assertThat(listed.getString("type")).isEqualTo("collection");
        assertThat(listed.get("options", Document.class).get("mongolake", Document.class))
            .isEqualTo(new Document("attached", table.toString()));
        assertThat(listed.get("info", Document.class).getBoolean("readOnly")).isTrue();

        // As for a view, the refusal is the command's (ok: 0), not a write error.
        assertRefused(() -> sales.insertOne(new Document("id", 1)), "insert into");
        assertRefused(() -> sales.updateMany(Filters.empty(), Updates.set("str", "x")), "update");
        assertRefused(() -> sales.deleteMany(Filters.empty()), "delete from");
        assertRefused(
            () -> sales.findOneAndUpdate(Filters.empty(), Updates.set("str", "x")),
            "findAndModify");
        assertRefused(() -> sales.createIndex(Indexes.ascending("id")), "create indexes on");
        assertRefused(
            () ->
                app.runCommand(
                    new Document("collMod", "sales").append("validator", new Document())),
            "modify");
        assertRefused(
            () ->
                driver
                    .getDatabase("admin")
                    .runCommand(
                        new Document("renameCollection", "app.sales").append("to", "app.other")),
            "rename");
        assertThatThrownBy(
                () ->
                    app.runCommand(
                        new Document("attachTable", "sales").append("location", table.toString())))
            .isInstanceOfSatisfying(
                MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(48));
        assertThatThrownBy(
                () -> app.runCommand(new Document("explain", new Document("find", "sales"))))
            .isInstanceOfSatisfying(
                MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(238));
        assertThatThrownBy(() -> app.createCollection("sales"))
            .isInstanceOfSatisfying(
                MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(48));
      }

      try (MongoLakeServer server = start(data);
          MongoClient driver = client(server)) {
        MongoDatabase app = driver.getDatabase("app");
        assertThat(app.getCollection("sales").countDocuments(Filters.lt("id", 10))).isEqualTo(10);

        app.getCollection("sales").drop();
        assertThat(app.listCollectionNames().into(new ArrayList<>())).containsExactly("parts");
        Document detached = app.runCommand(new Document("detachTable", "parts"));
        assertThat(detached.getString("detached")).isEqualTo("app.parts");
        assertThatThrownBy(() -> app.runCommand(new Document("detachTable", "parts")))
            .isInstanceOfSatisfying(
                MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(26));
        assertThat(app.listCollectionNames().into(new ArrayList<>())).isEmpty();
      }
    }
    assertThat(fileCount(table)).isEqualTo(filesBefore);
  }

  private static long fileCount(Path dir) throws java.io.IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.count();
    }
  }

  private static void assertRefused(Runnable write, String action) {
    assertThatThrownBy(write::run)
        .satisfies(
            e -> {
              int code =
                  e instanceof MongoCommandException command
                      ? command.getErrorCode()
                      : ((com.mongodb.MongoServerException) e).getCode();
              assertThat(code).isEqualTo(20);
              assertThat(e.getMessage())
                  .contains(
                      "Cannot " + action + " app.sales: it is an attached read-only Delta table");
            });
  }
}
