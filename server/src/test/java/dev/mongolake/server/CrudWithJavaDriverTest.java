package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Sorts.ascending;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Document commands through the official Java driver against a real server on a free port. */
class CrudWithJavaDriverTest {

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

  @Test
  void upsertSeedsFromAOneValueInAndAOneClauseOr() {
    MongoCollection<Document> users = db.getCollection("users");
    users.updateOne(
        com.mongodb.client.model.Filters.and(
            com.mongodb.client.model.Filters.in("_id", "k1"),
            com.mongodb.client.model.Filters.or(eq("team", "red"))),
        set("n", 1),
        new UpdateOptions().upsert(true));
    Document inserted =
        users.findOneAndUpdate(
            com.mongodb.client.model.Filters.or(eq("_id", "k2")),
            set("n", 2),
            new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER));

    assertThat(users.find(eq("_id", "k1")).first())
        .isEqualTo(new Document("_id", "k1").append("team", "red").append("n", 1));
    assertThat(inserted).isEqualTo(new Document("_id", "k2").append("n", 2));
  }

  @Test
  void insertFindUpdateDeleteRoundTrip() {
    MongoCollection<Document> users = db.getCollection("users");
    users.insertOne(new Document("_id", 1).append("name", "Alice").append("visits", 1));
    users.insertMany(
        List.of(
            new Document("_id", 2).append("name", "Bob"),
            new Document("_id", 3).append("name", "Cy")));

    users.updateOne(eq("_id", 1), inc("visits", 4));
    users.updateOne(eq("_id", 9), set("name", "Zed"), new UpdateOptions().upsert(true));
    users.deleteOne(eq("_id", 2));

    assertThat(users.find().sort(ascending("_id")).into(new ArrayList<>()))
        .containsExactly(
            new Document("_id", 1).append("name", "Alice").append("visits", 5),
            new Document("_id", 3).append("name", "Cy"),
            new Document("_id", 9).append("name", "Zed"));
    assertThat(users.countDocuments(gte("_id", 3))).isEqualTo(2);
    assertThat(users.distinct("name", String.class).into(new ArrayList<>()))
        .containsExactly("Alice", "Cy", "Zed");
  }

  @Test
  void cursorsDeliverEveryDocumentAcrossBatches() {
    MongoCollection<Document> events = db.getCollection("events");
    events.insertMany(IntStream.range(0, 1234).mapToObj(i -> new Document("_id", i)).toList());

    List<Integer> seen = new ArrayList<>();
    try (MongoCursor<Document> cursor =
        events.find().sort(ascending("_id")).batchSize(100).iterator()) {
      cursor.forEachRemaining(d -> seen.add(d.getInteger("_id")));
    }

    assertThat(seen).hasSize(1234).isSorted();
    assertThat(server.lake().db("app").collection("events").countDocuments()).isEqualTo(1234);
  }

  @Test
  void duplicateKeyIsReportedAsWriteErrorWithCode11000() {
    MongoCollection<Document> users = db.getCollection("users");
    users.insertOne(new Document("_id", "x"));

    assertThatThrownBy(() -> users.insertOne(new Document("_id", "x")))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(11000);
              assertThat(e.getError().getMessage())
                  .isEqualTo(
                      "E11000 duplicate key error collection: app.users index: _id_ dup key: { _id: \"x\" }");
            });
    assertThatThrownBy(
            () ->
                users.insertMany(
                    List.of(
                        new Document("_id", "y"),
                        new Document("_id", "x"),
                        new Document("_id", "z"))))
        .isInstanceOfSatisfying(
            MongoBulkWriteException.class,
            e -> {
              assertThat(e.getWriteErrors())
                  .singleElement()
                  .satisfies(w -> assertThat(w.getIndex()).isEqualTo(1));
              assertThat(e.getWriteResult().getInsertedCount()).isEqualTo(1);
            });
  }

  @Test
  void findOneAndUpdateReturnsTheNewDocument() {
    MongoCollection<Document> counters = db.getCollection("counters");
    counters.insertOne(new Document("_id", "seq").append("n", 0));

    Document after =
        counters.findOneAndUpdate(
            eq("_id", "seq"),
            inc("n", 1),
            new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));

    assertThat(after).isEqualTo(new Document("_id", "seq").append("n", 1));
  }

  @Test
  void catalogCommandsListCreateAndDrop() {
    db.createCollection("a");
    db.getCollection("b").insertOne(new Document("x", 1));

    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("a", "b");
    assertThat(client.listDatabaseNames().into(new ArrayList<>())).contains("app");
    // The same create again succeeds, as since MongoDB 7.0; other options are a conflict.
    db.createCollection("a");
    assertThatThrownBy(
            () ->
                db.createCollection(
                    "a", new CreateCollectionOptions().capped(true).sizeInBytes(4096)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(48);
              assertThat(e.getErrorMessage())
                  .isEqualTo("Collection app.a already exists with different options.");
            });
    assertThat(db.getCollection("b").listIndexes().into(new ArrayList<>()))
        .singleElement()
        .satisfies(i -> assertThat(i.getString("name")).isEqualTo("_id_"));

    db.getCollection("a").drop();
    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("b");
  }

  @Test
  void hostileCollectionNameIsRefusedAndNothingEscapesTheDataRoot() {
    assertThatThrownBy(() -> db.getCollection("../../etc").insertOne(new Document("x", 1)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(73));
    assertThat(data.getParent().resolve("etc")).doesNotExist();
  }

  @Test
  void acknowledgedWritesSurviveAServerRestart() {
    db.getCollection("users").insertOne(new Document("_id", 1).append("name", "Alice"));
    client.close();
    server.close();

    server = startServer();
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");

    assertThat(client.getDatabase("app").getCollection("users").find().first())
        .isEqualTo(new Document("_id", 1).append("name", "Alice"));
  }

  @Test
  void aggregateGroupsThroughTheDriver() {
    MongoCollection<Document> orders = db.getCollection("orders");
    orders.insertMany(
        List.of(
            new Document("item", "a").append("qty", 2),
            new Document("item", "b").append("qty", 1),
            new Document("item", "a").append("qty", 5)));

    List<Document> totals =
        orders
            .aggregate(
                List.of(
                    Aggregates.group("$item", Accumulators.sum("total", "$qty")),
                    Aggregates.sort(ascending("_id"))))
            .into(new ArrayList<>());

    assertThat(totals)
        .containsExactly(
            new Document("_id", "a").append("total", 7),
            new Document("_id", "b").append("total", 1));
  }

  @Test
  void wrongFieldTypeFailsWithTypeMismatch() {
    assertThatThrownBy(() -> db.runCommand(new Document("find", "users").append("limit", "ten")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(14);
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "BSON field 'find.limit' is the wrong type 'string', expected types '[long, int, decimal, double]'");
            });
  }

  @Test
  void projectionOperatorsShapeFoundDocumentsThroughTheDriver() {
    MongoCollection<Document> schools = db.getCollection("schools");
    schools.insertOne(
        Document.parse(
            "{_id: 1, name: 'North', tags: [1, 2, 3, 4], students: [{name: 'john', school: 102},"
                + " {name: 'jeff', school: 108}]}"));

    Document sliced = schools.find().projection(Projections.slice("tags", -2)).first();
    Document matched =
        schools
            .find()
            .projection(
                Projections.fields(
                    Projections.excludeId(), Projections.elemMatch("students", eq("school", 108))))
            .first();
    Document positional =
        schools
            .find(eq("students.name", "john"))
            .projection(Projections.elemMatch("students"))
            .first();

    assertThat(sliced.getList("tags", Integer.class)).containsExactly(3, 4);
    assertThat(sliced.getString("name")).isEqualTo("North");
    assertThat(matched).isEqualTo(Document.parse("{students: [{name: 'jeff', school: 108}]}"));
    assertThat(positional)
        .isEqualTo(Document.parse("{_id: 1, students: [{name: 'john', school: 102}]}"));
    assertThatThrownBy(
            () -> schools.find().projection(Document.parse("{name: 1, tags: 0}")).first())
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(31254));
  }
}
