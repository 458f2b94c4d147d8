package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code vacuum} command deletes the table files updates made unreferenced, so that a glob over
 * the table folder (as DuckDB users write it) counts exactly the live documents; a dry run deletes
 * nothing, a retention below the server's needs force, and an open cursor keeps its files.
 */
class VacuumWithJavaDriverTest {

  private static final int DOCUMENTS = 50;

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase app;
  private MongoCollection<Document> items;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    app = local.client().getDatabase("app");
    items = app.getCollection("items");
    items.insertMany(
        IntStream.range(0, DOCUMENTS)
            .mapToObj(i -> new Document("_id", i).append("v", 0))
            .toList());
    local.server().lake().flush();
    items.updateMany(Filters.lt("_id", DOCUMENTS / 2), Updates.set("v", 1));
    local.server().lake().flush();
    items.updateMany(Filters.gte("_id", DOCUMENTS / 2), Updates.set("v", 2));
    local.server().lake().flush();
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void dryRunListsReplacedFilesAndDeletesNothing() throws IOException {
    List<Path> before = parquetFiles();

    Document reply =
        vacuum(new Document("retentionHours", 0).append("dryRun", true).append("force", true));

    assertThat(reply.getBoolean("dryRun")).isTrue();
    assertThat(reply.getList("files", String.class)).isNotEmpty();
    assertThat(reply.get("bytes", Number.class).longValue()).isPositive();
    assertThat(parquetFiles()).containsExactlyInAnyOrderElementsOf(before);
  }

  @Test
  void vacuumWithZeroRetentionLeavesOnlyLiveFilesForAGlobOverTheFolder() throws Exception {
    assertThat(globCount()).isGreaterThan(DOCUMENTS);

    Awaitility.await()
        .untilAsserted(
            () -> {
              vacuum(new Document("retentionHours", 0).append("force", true));
              assertThat(globCount()).isEqualTo(DOCUMENTS);
            });
    assertThat(items.countDocuments(Filters.gt("v", 0))).isEqualTo(DOCUMENTS);
  }

  @Test
  void retentionBelowTheServersIsRefusedWithoutForce() {
    assertThatThrownBy(() -> vacuum(new Document("retentionHours", 1)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(72))
        .hasMessageContaining("shorter than the configured retention");
  }

  @Test
  void unknownFieldIsRefused() {
    assertThatThrownBy(() -> vacuum(new Document("olderThan", 1)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(40415));
  }

  @Test
  void filesAnOpenCursorReadsSurviveVacuum() {
    List<Integer> seen = new ArrayList<>();
    try (MongoCursor<Document> cursor = items.find().batchSize(2).iterator()) {
      seen.add(cursor.next().getInteger("_id"));
      items.updateMany(Filters.exists("_id"), Updates.set("v", 3));
      local.server().lake().flush();

      Document reply = vacuum(new Document("retentionHours", 0).append("force", true));

      List<String> deleted = reply.getList("files", String.class);
      while (cursor.hasNext()) {
        Document next = cursor.next();
        assertThat(next.getInteger("v")).isNotEqualTo(3);
        seen.add(next.getInteger("_id"));
      }
      assertThat(deleted).allSatisfy(path -> assertThat(path).startsWith("app/items/"));
    }
    assertThat(seen).hasSize(DOCUMENTS);
    assertThat(items.countDocuments(Filters.eq("v", 3))).isEqualTo(DOCUMENTS);
  }

  @Test
  void aCollectionsOwnRetentionIsWhatVacuumAndListCollectionsUse() throws Exception {
    app.runCommand(
        new Document("create", "events")
            .append("mongolake", new Document("vacuumRetentionHours", 48)));
    MongoCollection<Document> events = app.getCollection("events");
    events.insertMany(
        IntStream.range(0, 10).mapToObj(i -> new Document("_id", i).append("v", 0)).toList());
    local.server().lake().flush();
    events.updateMany(Filters.empty(), Updates.set("v", 1));
    local.server().lake().flush();

    Document options =
        app.listCollections()
            .filter(Filters.eq("name", "events"))
            .first()
            .get("options", Document.class);
    assertThat(
            options
                .get("mongolake", Document.class)
                .get("vacuumRetentionHours", Number.class)
                .intValue())
        .isEqualTo(48);
    assertThatThrownBy(
            () -> app.runCommand(new Document("vacuum", "events").append("retentionHours", 24)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(72))
        .hasMessageContaining("configured retention of PT48H");

    app.runCommand(
        new Document("collMod", "events")
            .append("mongolake", new Document("vacuumRetentionHours", 0)));
    Document reply = app.runCommand(new Document("vacuum", "events"));
    assertThat(reply.getList("files", String.class)).isNotEmpty();
    assertThat(events.countDocuments(Filters.eq("v", 1))).isEqualTo(10);
  }

  @Test
  void anUnknownMongoLakeCollectionOptionIsRefusedByName() {
    assertThatThrownBy(
            () ->
                app.runCommand(
                    new Document("create", "other")
                        .append("mongolake", new Document("vacuumRetentionDays", 1))))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(72))
        .hasMessageContaining("unknown MongoLake option 'vacuumRetentionDays'");
    assertThat(app.listCollectionNames().into(new ArrayList<>())).doesNotContain("other");
  }

  private Document vacuum(Document options) {
    Document command = new Document("vacuum", "items");
    command.putAll(options);
    return app.runCommand(command);
  }

  private List<Path> parquetFiles() throws IOException {
    try (Stream<Path> files = Files.list(data.resolve("app/items"))) {
      return files.filter(p -> p.toString().endsWith(".parquet")).toList();
    }
  }

  private long globCount() throws SQLException {
    String glob = data.resolve("app/items").toString().replace("'", "''") + "/*.parquet";
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = duck.createStatement();
        ResultSet rows =
            statement.executeQuery("SELECT count(*) FROM read_parquet('" + glob + "')")) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
