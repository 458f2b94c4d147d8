package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.cdc.ChangeType;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collection's table layout set by its {@code mongolake} options at create and collMod: promoted
 * columns DuckDB reads as typed columns, automatic promotion, change data feed, target file size;
 * and the refusals.
 */
class CollectionLayoutOptionsTest {

  @TempDir Path root;

  @Test
  void promotedColumnsGivenAtCreateAreTypedParquetColumnsDuckDbFilters() throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase shop = lake.db("shop");
      shop.createCollection(
          "orders",
          BsonDocument.parse(
              "{mongolake: {promotedColumns: {status: 'string', n: 'long',"
                  + " address: {city: 'string'}, tags: ['string']}}}"));
      MongoLakeCollection<Document> orders = shop.collection("orders");
      List<Document> documents = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        documents.add(
            new Document("_id", i)
                .append("status", i % 3 == 0 ? "active" : "closed")
                .append("n", (long) i)
                .append("address", new Document("city", i % 2 == 0 ? "Oslo" : "Lima"))
                .append("tags", List.of("t" + i)));
      }
      orders.insertMany(documents);
      lake.flush();

      Map<String, String> columns =
          columnTypes("SELECT * FROM read_parquet('" + root + "/shop/orders/*.parquet')");
      assertThat(columns)
          .containsEntry("status", "VARCHAR")
          .containsEntry("n", "BIGINT")
          .containsEntry("address", "STRUCT(city VARCHAR)")
          .containsEntry("tags", "VARCHAR[]");
      long active = orders.countDocuments(new Document("status", "active"));
      assertThat(active).isEqualTo(7);
      assertThat(
              count(
                  "SELECT count(*) FROM read_parquet('"
                      + root
                      + "/shop/orders/*.parquet') WHERE status = 'active'"))
          .isEqualTo(active);
      assertThat(
              count(
                  "SELECT count(*) FROM read_parquet('"
                      + root
                      + "/shop/orders/*.parquet') WHERE address.city = 'Oslo' AND n >= 10"))
          .isEqualTo(5);
      assertThat(shop.collectionOptions("orders").orElseThrow().getDocument("mongolake"))
          .isEqualTo(
              BsonDocument.parse(
                  "{promotedColumns: {status: 'string', n: 'long',"
                      + " address: {city: 'string'}, tags: ['string']}}"));
    }
  }

  @Test
  void autoPromoteChangeDataFeedAndFileSizeGivenAtCreateAreTheTablesLayout() {
    try (MongoLake lake = MongoLake.open(root)) {
      lake.db("app")
          .createCollection(
              "events",
              BsonDocument.parse(
                  "{mongolake: {autoPromote: {threshold: 0.9}, changeDataFeed: true,"
                      + " targetFileSizeBytes: 8388608}}"));
      lake.db("app")
          .createCollection("plain", BsonDocument.parse("{mongolake: {autoPromote: false}}"));
      lake.db("app").collection("plain").insertOne(new Document("a", 1));
      lake.db("app").collection("defaulted").insertOne(new Document("a", 1));
      lake.db("app").collection("events").insertOne(new Document("kind", "click"));
      lake.flush();
    }

    DocumentTableConfig events = tableConfig("app/events");
    assertThat(events.autoPromote()).isEqualTo(AutoPromote.atThreshold(0.9));
    assertThat(events.changeDataFeed()).isTrue();
    assertThat(events.targetFileSizeBytes()).isEqualTo(8_388_608);
    assertThat(events.schema())
        .isEqualTo(DocumentSchema.parse(BsonDocument.parse("{kind: 'string'}")));
    DocumentTableConfig plain = tableConfig("app/plain");
    assertThat(plain.autoPromote()).isEqualTo(AutoPromote.OFF);
    assertThat(plain.changeDataFeed()).isFalse();
    assertThat(plain.schema()).isEqualTo(DocumentSchema.empty());
  }

  @Test
  void aCollectionWithoutLayoutOptionsPromotesItsConsistentlyTypedFieldsAtTheFirstFlush()
      throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      for (int i = 0; i < 10; i++) {
        users.insertOne(
            new Document("_id", i)
                .append("status", i < 7 ? "active" : "inactive")
                .append("age", 20 + i)
                .append("address", new Document("city", "Oslo")));
      }
      lake.flush();

      DocumentTableConfig config = tableConfig("app/users");
      assertThat(config.autoPromote()).isEqualTo(CollectionTableConfigs.DEFAULT_AUTO_PROMOTE);
      assertThat(config.schema())
          .isEqualTo(DocumentSchema.parse(BsonDocument.parse("{status: 'string', age: 'int'}")));
      assertThat(
              count(
                  "SELECT count(*) FROM read_parquet('"
                      + root
                      + "/app/users/*.parquet') WHERE status = 'active' AND age >= 22"))
          .isEqualTo(5);
    }
  }

  @Test
  void collModAddsAPromotedColumnThatFilesWrittenFromThenOnCarry() throws Exception {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase shop = lake.db("shop");
      // Without automatic promotion, so that city becomes a column only by the collMod below.
      shop.createCollection(
          "users",
          BsonDocument.parse(
              "{mongolake: {promotedColumns: {status: 'string'}, autoPromote: false}}"));
      MongoLakeCollection<Document> users = shop.collection("users");
      users.insertOne(new Document("_id", 1).append("status", "active").append("city", "Oslo"));
      lake.flush();

      shop.modifyCollection(
          "users",
          BsonDocument.parse(
              "{mongolake: {promotedColumns: {city: 'string'}, changeDataFeed: true,"
                  + " autoPromote: {threshold: 0.5}, targetFileSizeBytes: 2097152}}"));

      DocumentTableConfig changed = tableConfig("shop/users");
      assertThat(changed.schema())
          .isEqualTo(
              DocumentSchema.parse(BsonDocument.parse("{status: 'string', city: 'string'}")));
      assertThat(changed.changeDataFeed()).isTrue();
      assertThat(changed.autoPromote()).isEqualTo(AutoPromote.atThreshold(0.5));
      assertThat(changed.targetFileSizeBytes()).isEqualTo(2_097_152);
      assertThat(shop.collectionOptions("users").orElseThrow().getDocument("mongolake"))
          .isEqualTo(
              BsonDocument.parse(
                  "{promotedColumns: {status: 'string', city: 'string'}, changeDataFeed: true,"
                      + " autoPromote: {threshold: 0.5}, targetFileSizeBytes: 2097152}"));

      users.insertOne(new Document("_id", 2).append("status", "active").append("city", "Oslo"));
      lake.flush();
      // The file written before the collMod has no city column and no statistics for it: it is
      // neither pruned nor filtered on the column, so the query still finds its document.
      assertThat(users.countDocuments(new Document("city", "Oslo"))).isEqualTo(2);
      assertThat(
              users
                  .find(new Document("city", new Document("$gte", "Oslo")))
                  .into(new ArrayList<>()))
          .hasSize(2);
      assertThat(
              count(
                  "SELECT count(*) FROM read_parquet('"
                      + root
                      + "/shop/users/*.parquet', union_by_name = true) WHERE city = 'Oslo'"))
          .as("DuckDB reads the older file's row as null in the added column")
          .isEqualTo(1);
      users.updateOne(new Document("_id", 1), new Document("$set", new Document("n", 1)));
      lake.flush();
      try (FileSystemStorage storage = new FileSystemStorage(root)) {
        DocumentTable table =
            DocumentTable.open(storage, "shop/users", Clock.systemUTC()).orElseThrow();
        long version = table.snapshot().version();
        assertThat(table.changes(version, version))
            .as("the update, recorded by the change data feed the collMod turned on")
            .extracting(ChangeRow::changeType)
            .contains(ChangeType.UPDATE_POSTIMAGE);
      }
      // The update rewrote document 1 into a new file, which carries the column.
      assertThat(
              count(
                  "SELECT count(*) FROM read_parquet('"
                      + root
                      + "/shop/users/*.parquet', union_by_name = true) WHERE city = 'Oslo'"))
          .isEqualTo(2);
    }
  }

  @Test
  void collModBeforeTheTableExistsShapesTheTableTheFirstFlushCreates() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      app.createCollection("later", BsonDocument.parse("{mongolake: {changeDataFeed: true}}"));
      app.modifyCollection(
          "later", BsonDocument.parse("{mongolake: {promotedColumns: {score: 'double'}}}"));
      app.collection("later").insertOne(new Document("score", 2.5));
      lake.flush();
    }
    DocumentTableConfig later = tableConfig("app/later");
    assertThat(later.changeDataFeed()).isTrue();
    assertThat(later.schema())
        .isEqualTo(DocumentSchema.parse(BsonDocument.parse("{score: 'double'}")));
  }

  @Test
  void aReopenedLakeKeepsTheLayoutAndItsOptions() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      app.createCollection("c", BsonDocument.parse("{mongolake: {promotedColumns: {a: 'int'}}}"));
      app.collection("c").insertOne(new Document("a", 1));
      lake.flush();
      app.modifyCollection("c", BsonDocument.parse("{mongolake: {promotedColumns: {b: 'bool'}}}"));
    }
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      assertThat(app.collectionOptions("c").orElseThrow().getDocument("mongolake"))
          .isEqualTo(BsonDocument.parse("{promotedColumns: {a: 'int', b: 'bool'}}"));
      app.collection("c").insertOne(new Document("a", 2).append("b", true));
      lake.flush();
      assertThat(app.collection("c").countDocuments(new Document("b", true))).isEqualTo(1);
    }
    assertThat(tableConfig("app/c").schema())
        .isEqualTo(DocumentSchema.parse(BsonDocument.parse("{a: 'int', b: 'bool'}")));
  }

  @Test
  void newCollectionsMarkReplacedRowsInDeletionVectorsUnlessTheirOptionTurnsThemOff() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      app.createCollection("copied", BsonDocument.parse("{mongolake: {deletionVectors: false}}"));
      for (String name : List.of("marked", "copied")) {
        MongoLakeCollection<Document> collection = app.collection(name);
        // One row in ten replaced stays below the share at which compaction purges a file.
        collection.insertMany(tenDocuments());
        lake.flush();
        collection.updateOne(new Document("_id", 1), new Document("$set", new Document("v", 2)));
        lake.flush();
        assertThat(collection.find(new Document("_id", 1)).first())
            .isEqualTo(new Document("_id", 1).append("v", 2));
        assertThat(collection.countDocuments()).isEqualTo(10);
      }
    }

    assertThat(tableConfig("app/marked").deletionVectors()).isTrue();
    assertThat(liveFiles("app/marked")).anyMatch(file -> file.deletionVector() != null);
    assertThat(tableConfig("app/copied").deletionVectors()).isFalse();
    assertThat(liveFiles("app/copied")).allMatch(file -> file.deletionVector() == null);
  }

  @Test
  void collModTurnsDeletionVectorsOffAndOnForTheChangesThatFollow() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      MongoLakeCollection<Document> c = app.collection("c");
      c.insertMany(tenDocuments());
      lake.flush();

      app.modifyCollection("c", BsonDocument.parse("{mongolake: {deletionVectors: false}}"));
      assertThat(tableConfig("app/c").deletionVectors()).isFalse();
      c.updateOne(new Document("_id", 1), new Document("$set", new Document("v", 1)));
      lake.flush();
      assertThat(liveFiles("app/c")).allMatch(file -> file.deletionVector() == null);

      app.modifyCollection("c", BsonDocument.parse("{mongolake: {deletionVectors: true}}"));
      c.deleteOne(new Document("_id", 2));
      lake.flush();
      assertThat(tableConfig("app/c").deletionVectors()).isTrue();
      assertThat(liveFiles("app/c")).anyMatch(file -> file.deletionVector() != null);
      assertThat(c.find(new Document("_id", 1)).first())
          .isEqualTo(new Document("_id", 1).append("v", 1));
      assertThat(c.find(new Document("_id", 2)).first()).isNull();
      assertThat(c.countDocuments()).isEqualTo(9);
      assertThat(app.collectionOptions("c").orElseThrow().getDocument("mongolake"))
          .isEqualTo(BsonDocument.parse("{deletionVectors: true}"));
    }
  }

  @Test
  void invalidLayoutOptionsAreRefusedByName() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      assertRefused(
          () -> app.createCollection("c", BsonDocument.parse("{mongolake: {promotedColumns: 1}}")),
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'create.mongolake.promotedColumns' is the wrong type, expected type 'object'");
      assertRefused(
          () ->
              app.createCollection(
                  "c", BsonDocument.parse("{mongolake: {promotedColumns: {a: 'strin'}}}")),
          ErrorCode.INVALID_OPTIONS,
          "Cannot create collection app.c: promotedColumns: Cannot promote column: unknown type"
              + " 'strin'");
      assertRefused(
          () ->
              app.createCollection(
                  "c", BsonDocument.parse("{mongolake: {autoPromote: {threshold: 1.5}}}")),
          ErrorCode.INVALID_OPTIONS,
          "autoPromote.threshold must be in (0, 1], not 1.5");
      assertRefused(
          () ->
              app.createCollection(
                  "c", BsonDocument.parse("{mongolake: {autoPromote: {threshold: 0.9, x: 1}}}")),
          ErrorCode.INVALID_OPTIONS,
          "unknown autoPromote option 'x'");
      assertRefused(
          () -> app.createCollection("c", BsonDocument.parse("{mongolake: {autoPromote: true}}")),
          ErrorCode.INVALID_OPTIONS,
          "autoPromote must be {threshold: <number in (0, 1]>} or false, not true");
      assertRefused(
          () -> app.createCollection("c", BsonDocument.parse("{mongolake: {autoPromote: 0.9}}")),
          ErrorCode.TYPE_MISMATCH,
          "'create.mongolake.autoPromote' is the wrong type, expected type 'object'");
      assertRefused(
          () -> app.createCollection("c", BsonDocument.parse("{mongolake: {changeDataFeed: 1}}")),
          ErrorCode.TYPE_MISMATCH,
          "'create.mongolake.changeDataFeed' is the wrong type, expected type 'bool'");
      assertRefused(
          () ->
              app.createCollection("c", BsonDocument.parse("{mongolake: {deletionVectors: 'no'}}")),
          ErrorCode.TYPE_MISMATCH,
          "'create.mongolake.deletionVectors' is the wrong type, expected type 'bool'");
      assertRefused(
          () ->
              app.createCollection(
                  "c", BsonDocument.parse("{mongolake: {targetFileSizeBytes: 1000}}")),
          ErrorCode.INVALID_OPTIONS,
          "targetFileSizeBytes must be a whole number of bytes, at least 1048576");
      assertRefused(
          () ->
              app.createCollection(
                  "c", BsonDocument.parse("{mongolake: {partitionColumns: ['region']}}")),
          ErrorCode.INVALID_OPTIONS,
          "partitionColumns must give each column's type, such as {region: \"string\"}");
      assertRefused(
          () -> app.createCollection("c", BsonDocument.parse("{mongolake: {promoted: {}}}")),
          ErrorCode.INVALID_OPTIONS,
          "unknown MongoLake option 'promoted'");
      assertThat(app.collectionOptions("c")).isEmpty();
    }
  }

  @Test
  void collModRefusesToRetypeOrPartitionAnExistingTable() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      app.createCollection("c", BsonDocument.parse("{mongolake: {autoPromote: {threshold: 0.9}}}"));
      app.collection("c").insertOne(new Document("n", 1L));
      lake.flush();

      // Automatic promotion made n a long column: a collMod cannot make it a string.
      assertRefused(
          () ->
              app.modifyCollection(
                  "c", BsonDocument.parse("{mongolake: {promotedColumns: {n: 'string'}}}")),
          ErrorCode.INVALID_OPTIONS,
          "Cannot modify collection app.c: promoted column 'n' is already promoted as long");
      assertRefused(
          () ->
              app.modifyCollection(
                  "c", BsonDocument.parse("{mongolake: {partitionColumns: ['n']}}")),
          ErrorCode.INVALID_OPTIONS,
          "Cannot modify collection app.c: MongoLake option 'partitionColumns' is set only when the"
              + " collection is created");
      app.modifyCollection("c", BsonDocument.parse("{mongolake: {promotedColumns: {m: 'int'}}}"));
      assertRefused(
          () ->
              app.modifyCollection(
                  "c", BsonDocument.parse("{mongolake: {promotedColumns: {m: {x: 'int'}}}}")),
          ErrorCode.INVALID_OPTIONS,
          "promoted column 'm.x' overlaps the promoted column 'm'");
      assertThat(app.collectionOptions("c").orElseThrow().getDocument("mongolake"))
          .isEqualTo(
              BsonDocument.parse("{autoPromote: {threshold: 0.9}, promotedColumns: {m: 'int'}}"));
    }
  }

  private static void assertRefused(Runnable action, ErrorCode code, String message) {
    assertThatThrownBy(action::run)
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  private DocumentTableConfig tableConfig(String path) {
    try (FileSystemStorage storage = new FileSystemStorage(root)) {
      return DocumentTable.open(storage, path, Clock.systemUTC()).orElseThrow().snapshot().config();
    }
  }

  private static List<Document> tenDocuments() {
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      documents.add(new Document("_id", i));
    }
    return documents;
  }

  private List<AddFile> liveFiles(String path) {
    try (FileSystemStorage storage = new FileSystemStorage(root)) {
      return DocumentTable.open(storage, path, Clock.systemUTC())
          .orElseThrow()
          .delta()
          .snapshot()
          .files();
    }
  }

  private static Map<String, String> columnTypes(String query) throws SQLException {
    Map<String, String> types = new LinkedHashMap<>();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("DESCRIBE " + query)) {
      while (rows.next()) {
        types.put(rows.getString("column_name"), rows.getString("column_type"));
      }
    }
    return types;
  }

  private static long count(String query) throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(query)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
