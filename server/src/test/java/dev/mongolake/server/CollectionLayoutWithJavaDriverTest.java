package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collection's table layout through the Java driver: {@code create} with the {@code mongolake}
 * option makes the promoted columns DuckDB filters on, {@code listCollections} shows the option,
 * {@code collMod} adds to it, and invalid layouts are refused with MongoDB's codes.
 */
class CollectionLayoutWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase shop;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    shop = local.client().getDatabase("shop");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void createWithPromotedColumnsLetsDuckDbFilterOnTheTypedColumn() throws SQLException {
    shop.runCommand(
        Document.parse(
            "{create: 'users', mongolake: {promotedColumns: {status: 'string', age: 'int'},"
                + " autoPromote: {threshold: 0.9}, changeDataFeed: true}}"));
    MongoCollection<Document> users = shop.getCollection("users");
    users.insertMany(
        IntStream.range(0, 30)
            .mapToObj(
                i ->
                    new Document("_id", i)
                        .append("status", i % 4 == 0 ? "active" : "idle")
                        .append("age", 20 + i))
            .toList());
    local.server().lake().flush();

    assertThat(lakeOption("users"))
        .isEqualTo(
            Document.parse(
                "{promotedColumns: {status: 'string', age: 'int'},"
                    + " autoPromote: {threshold: 0.9}, changeDataFeed: true}"));
    long active = users.countDocuments(Filters.eq("status", "active"));
    assertThat(active).isEqualTo(8);
    assertThat(duckDbCount("shop/users", "status = 'active' AND age >= 20")).isEqualTo(active);
  }

  @Test
  void collModAddsPromotedColumnsAndListCollectionsShowsThem() throws SQLException {
    // Without automatic promotion, so that plan becomes a column only by the collMod below.
    shop.runCommand(
        Document.parse(
            "{create: 'users', mongolake: {promotedColumns: {status: 'string'},"
                + " autoPromote: false}}"));
    MongoCollection<Document> users = shop.getCollection("users");
    users.insertOne(new Document("_id", 1).append("status", "active").append("plan", "pro"));
    local.server().lake().flush();

    Document reply =
        shop.runCommand(
            Document.parse(
                "{collMod: 'users', mongolake: {promotedColumns: {plan: 'string'},"
                    + " targetFileSizeBytes: 16777216}}"));
    assertThat(reply.get("ok", Number.class).intValue()).isEqualTo(1);
    users.insertOne(new Document("_id", 2).append("status", "active").append("plan", "pro"));
    local.server().lake().flush();

    assertThat(lakeOption("users"))
        .isEqualTo(
            Document.parse(
                "{promotedColumns: {status: 'string', plan: 'string'}, autoPromote: false,"
                    + " targetFileSizeBytes: 16777216}"));
    // The file written before the collMod has no plan column: its row reads null there.
    assertThat(duckDbCount("shop/users", "plan = 'pro'")).isEqualTo(1);
    assertThat(duckDbCount("shop/users", "status = 'active'")).isEqualTo(2);
  }

  @Test
  void invalidLayoutsAreRefusedWithMongoDbCodes() {
    assertThatThrownBy(
            () ->
                shop.runCommand(
                    Document.parse("{create: 'c', mongolake: {partitionColumns: ['region']}}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(72);
              assertThat(e.getErrorCodeName()).isEqualTo("InvalidOptions");
            })
        .hasMessageContaining("partitionColumns must give each column's type");
    assertThatThrownBy(
            () ->
                shop.runCommand(
                    Document.parse("{create: 'c', mongolake: {autoPromote: {threshold: '0.9'}}}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(14))
        .hasMessageContaining("'create.mongolake.autoPromote.threshold' is the wrong type");
    shop.runCommand(Document.parse("{create: 'c', mongolake: {promotedColumns: {n: 'long'}}}"));
    assertThatThrownBy(
            () ->
                shop.runCommand(
                    Document.parse("{collMod: 'c', mongolake: {promotedColumns: {n: 'int'}}}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(72))
        .hasMessageContaining("promoted column 'n' is already promoted as long");
  }

  private Document lakeOption(String collection) {
    List<Document> listed =
        shop.listCollections().filter(Filters.eq("name", collection)).into(new ArrayList<>());
    assertThat(listed).hasSize(1);
    return listed.getFirst().get("options", Document.class).get("mongolake", Document.class);
  }

  private long duckDbCount(String table, String where) throws SQLException {
    String glob = data.resolve(table).toAbsolutePath() + "/*.parquet";
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT count(*) FROM read_parquet('"
                    + glob
                    + "', union_by_name = true) WHERE "
                    + where)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
