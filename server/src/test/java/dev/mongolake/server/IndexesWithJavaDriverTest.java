package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ErrorCategory;
import com.mongodb.ExplainVerbosity;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** createIndexes, listIndexes, dropIndexes and unique indexes through the official Java driver. */
class IndexesWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase db;
  private MongoCollection<Document> users;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    db = client.getDatabase("app");
    users = db.getCollection("users");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private List<String> indexNames() {
    return users.listIndexes().map(i -> i.getString("name")).into(new ArrayList<>());
  }

  @Test
  void createListAndDropIndexes() {
    assertThat(users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true)))
        .isEqualTo("email_1");
    assertThat(
            users.createIndexes(
                List.of(
                    new IndexModel(
                        Indexes.compoundIndex(
                            Indexes.ascending("last"), Indexes.descending("age"))),
                    new IndexModel(Indexes.ascending("city")))))
        .containsExactly("last_1_age_-1", "city_1");

    assertThat(indexNames()).containsExactly("_id_", "email_1", "last_1_age_-1", "city_1");
    assertThat(users.listIndexes().into(new ArrayList<>()).get(1))
        .isEqualTo(
            new Document("v", 2)
                .append("key", new Document("email", 1))
                .append("name", "email_1")
                .append("unique", true));

    users.dropIndex("city_1");
    users.dropIndex(Indexes.compoundIndex(Indexes.ascending("last"), Indexes.descending("age")));
    assertThat(indexNames()).containsExactly("_id_", "email_1");
    users.dropIndexes();
    assertThat(indexNames()).containsExactly("_id_");
  }

  @Test
  void createIndexesReplyCountsIndexes() {
    Document reply =
        db.runCommand(
            Document.parse("{createIndexes: 'fresh', indexes: [{key: {a: 1}, name: 'a_1'}]}"));
    assertThat(reply.getInteger("numIndexesBefore")).isEqualTo(1);
    assertThat(reply.getInteger("numIndexesAfter")).isEqualTo(2);
    assertThat(reply.getBoolean("createdCollectionAutomatically")).isTrue();

    Document again =
        db.runCommand(
            Document.parse("{createIndexes: 'fresh', indexes: [{key: {a: 1}, name: 'a_1'}]}"));
    assertThat(again.getString("note")).isEqualTo("all indexes already exist");
  }

  @Test
  void indexErrorsCarryMongoDbCodes() {
    users.createIndex(Indexes.ascending("a"));

    assertThatThrownBy(() -> users.dropIndex("_id_"))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(72));
    assertThatThrownBy(() -> users.dropIndex("nope"))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(27));
    assertThatThrownBy(
            () -> users.createIndex(Indexes.ascending("a"), new IndexOptions().name("other")))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(85));
    assertThatThrownBy(
            () -> users.createIndex(Indexes.ascending("b"), new IndexOptions().name("a_1")))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(86));
    // The driver turns NamespaceNotFound into an empty listing, as for MongoDB.
    assertThat(db.getCollection("none").listIndexes().into(new ArrayList<>())).isEmpty();
    assertThatThrownBy(() -> db.runCommand(new Document("listIndexes", "none")))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(26));
  }

  @Test
  void uniqueViolationOverTheWireIsDuplicateKey() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    users.insertOne(new Document("email", "a@x"));

    assertThatThrownBy(() -> users.insertOne(new Document("email", "a@x")))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(11000);
              assertThat(e.getError().getCategory()).isEqualTo(ErrorCategory.DUPLICATE_KEY);
              assertThat(e.getError().getMessage())
                  .isEqualTo(
                      "E11000 duplicate key error collection: app.users index: email_1 dup key:"
                          + " { email: \"a@x\" }");
            });
    assertThatThrownBy(
            () ->
                users.insertMany(
                    List.of(
                        new Document("email", "b@x"),
                        new Document("email", "a@x"),
                        new Document("email", "c@x")),
                    new InsertManyOptions().ordered(false)))
        .isInstanceOfSatisfying(
            MongoBulkWriteException.class,
            e -> {
              assertThat(e.getWriteErrors())
                  .singleElement()
                  .satisfies(
                      error -> {
                        assertThat(error.getIndex()).isEqualTo(1);
                        assertThat(error.getCode()).isEqualTo(11000);
                      });
              assertThat(e.getWriteResult().getInsertedCount()).isEqualTo(2);
            });
  }

  @Test
  void updateThatRepeatsAUniqueKeyIsAWriteError() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    users.insertOne(new Document("_id", 1).append("email", "a@x"));
    users.insertOne(new Document("_id", 2).append("email", "b@x"));

    assertThatThrownBy(
            () ->
                users.updateOne(eq("_id", 2), com.mongodb.client.model.Updates.set("email", "a@x")))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(11000);
              assertThat(e.getError().getMessage()).endsWith("dup key: { email: \"a@x\" }");
            });
    assertThat(users.find(eq("email", "b@x")).first()).containsEntry("_id", 2);
  }

  @Test
  void explainShowsTheIndexScan() {
    for (int i = 0; i < 10; i++) {
      users.insertOne(new Document("n", i));
    }
    users.createIndex(Indexes.ascending("n"));

    Document plan = users.find(gt("n", 7)).explain(ExplainVerbosity.EXECUTION_STATS);
    Document fetch = plan.get("queryPlanner", Document.class).get("winningPlan", Document.class);
    assertThat(fetch.getString("stage")).isEqualTo("FETCH");
    Document ixscan = fetch.get("inputStage", Document.class);
    assertThat(ixscan.getString("stage")).isEqualTo("IXSCAN");
    assertThat(ixscan.getString("indexName")).isEqualTo("n_1");
    assertThat(plan.get("executionStats", Document.class).get("totalDocsExamined")).isEqualTo(2L);

    Document scan =
        users
            .find(eq("other", 1))
            .explain(ExplainVerbosity.QUERY_PLANNER)
            .get("queryPlanner", Document.class)
            .get("winningPlan", Document.class);
    assertThat(scan.getString("stage")).isEqualTo("COLLSCAN");
  }

  @Test
  void indexesSurviveAServerRestart() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    users.insertOne(new Document("email", "a@x"));
    client.close();
    server.close();

    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    users = client.getDatabase("app").getCollection("users");

    assertThat(indexNames()).containsExactly("_id_", "email_1");
    assertThatThrownBy(() -> users.insertOne(new Document("email", "a@x")))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(11000));
  }

  @Test
  void collModChangesATtlIndexsExpiryDurably() {
    users.createIndex(
        Indexes.ascending("at"), new IndexOptions().expireAfter(3600L, TimeUnit.SECONDS));
    users.createIndex(Indexes.ascending("a", "b"));

    Document reply =
        db.runCommand(
            new Document("collMod", "users")
                .append(
                    "index",
                    new Document("keyPattern", new Document("at", 1))
                        .append("expireAfterSeconds", 60)));
    client.close();
    server.close();
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    db = client.getDatabase("app");
    users = db.getCollection("users");

    assertThat(reply.get("expireAfterSeconds_old")).isEqualTo(3600L);
    assertThat(reply.get("expireAfterSeconds_new")).isEqualTo(60L);
    Document ttl =
        users.listIndexes().into(new ArrayList<>()).stream()
            .filter(i -> i.getString("name").equals("at_1"))
            .findFirst()
            .orElseThrow();
    assertThat(((Number) ttl.get("expireAfterSeconds")).longValue()).isEqualTo(60);
    assertCollModFails(
        new Document("index", new Document("name", "nope_1").append("expireAfterSeconds", 1)), 27);
    assertCollModFails(
        new Document("index", new Document("name", "a_1_b_1").append("expireAfterSeconds", 1)), 72);
    assertCollModFails(
        new Document("changeStreamPreAndPostImages", new Document("enabled", "yes")), 14);
    assertCollModFails(new Document("bogus", 1), 72);
  }

  @Test
  void collModHidesAnIndexFromThePlannerAndShowsItAgain() {
    for (int i = 0; i < 10; i++) {
      users.insertOne(new Document("n", i));
    }
    users.createIndex(Indexes.ascending("n"));
    Document hide =
        new Document("collMod", "users")
            .append("index", new Document("name", "n_1").append("hidden", true));

    Document hidden = db.runCommand(hide);
    Document again = db.runCommand(hide);

    assertThat(hidden).containsEntry("hidden_old", false).containsEntry("hidden_new", true);
    // Unchanged visibility: MongoDB leaves both fields out.
    assertThat(again).doesNotContainKeys("hidden_old", "hidden_new");
    assertThat(users.listIndexes().into(new ArrayList<>()).get(1)).containsEntry("hidden", true);
    assertThat(winningStage(gt("n", 7))).isEqualTo("COLLSCAN");
    assertThat(users.countDocuments(gt("n", 7))).isEqualTo(2);

    Document shown =
        db.runCommand(
            new Document("collMod", "users")
                .append(
                    "index",
                    new Document("keyPattern", new Document("n", 1)).append("hidden", false)));

    assertThat(shown).containsEntry("hidden_old", true).containsEntry("hidden_new", false);
    assertThat(winningStage(gt("n", 7))).isEqualTo("FETCH");
    assertCollModFails(
        new Document("index", new Document("name", "_id_").append("hidden", true)), 2);
    assertCollModFails(new Document("index", new Document("name", "n_1").append("hidden", 1)), 14);
    assertCollModFails(new Document("index", new Document("name", "n_1")), 72);
  }

  private String winningStage(org.bson.conversions.Bson filter) {
    return users
        .find(filter)
        .explain(ExplainVerbosity.QUERY_PLANNER)
        .get("queryPlanner", Document.class)
        .get("winningPlan", Document.class)
        .getString("stage");
  }

  private void assertCollModFails(Document options, int code) {
    Document command = new Document("collMod", "users");
    command.putAll(options);
    assertThatThrownBy(() -> db.runCommand(command))
        .isInstanceOfSatisfying(
            com.mongodb.MongoCommandException.class,
            e -> assertThat(e.getErrorCode()).isEqualTo(code));
  }

  @Test
  void aPartialFilterTakesOnlyTheExpressionsMongoDbAllowsThere() {
    for (String filter :
        List.of(
            "{a: {$ne: 1}}",
            "{a: {$exists: false}}",
            "{a: {$regex: 'x'}}",
            "{$expr: {$eq: ['$a', 1]}}",
            "{$nor: [{a: 1}]}",
            "{$or: [{a: 1}, {b: {$not: {$gt: 2}}}]}")) {
      assertThatThrownBy(
              () ->
                  users.createIndex(
                      new Document("email", 1),
                      new IndexOptions().partialFilterExpression(Document.parse(filter))))
          .as(filter)
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(67);
                assertThat(e.getErrorMessage())
                    .startsWith("Expression not supported in partial index: ");
              });
    }
    String allowed =
        "{a: 1, b: {$eq: 2, $exists: true}, c: {$gt: 1, $lte: 9}, d: {$type: 'string'},"
            + " e: {$in: [1, 2]}, $and: [{f: 1}], $or: [{g: 1}, {h: {$lt: 3}}]}";
    users.createIndex(
        new Document("email", 1),
        new IndexOptions().partialFilterExpression(Document.parse(allowed)));
    assertThat(indexNames()).contains("email_1");
  }
}
