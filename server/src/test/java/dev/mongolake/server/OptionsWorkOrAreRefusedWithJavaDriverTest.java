package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every option a command takes either works as MongoDB's does or is refused naming it: an unknown
 * field with MongoDB's parser error (40415), an option not implemented yet with NotImplemented
 * (238). None is accepted and ignored.
 */
class OptionsWorkOrAreRefusedWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase db;
  private MongoCollection<Document> people;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.BATCH);
    server = local.server();
    client = local.client();
    db = client.getDatabase("app");
    people = db.getCollection("people");
    people.insertMany(
        List.of(
            new Document("_id", 1).append("name", "Ana").append("age", 30),
            new Document("_id", 2).append("name", "ana").append("age", 40),
            new Document("_id", 3).append("name", "Bo")));
    people.createIndex(Indexes.ascending("age"));
    people.createIndex(Indexes.ascending("name"), new IndexOptions().sparse(true));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private void assertRefused(Document command, int code, String message) {
    assertThatThrownBy(() -> db.runCommand(command))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void anUnknownFieldIsRefusedAsMongoDbsParserRefusesIt() {
    assertRefused(
        new Document("find", "people").append("asOf", 5),
        40415,
        "BSON field 'find.asOf' is an unknown field.");
    assertRefused(
        new Document("insert", "people")
            .append("documents", List.of(new Document("_id", 9)))
            .append("version", 2),
        40415,
        "BSON field 'insert.version' is an unknown field.");
    assertThat(people.countDocuments()).isEqualTo(3);
  }

  @Test
  void aHintMustNameAnIndex() {
    assertRefused(
        new Document("find", "people").append("hint", "no_such_index"),
        2,
        "hint provided does not correspond to an existing index");
    assertRefused(
        new Document("count", "people").append("hint", new Document("height", 1)),
        2,
        "hint provided does not correspond to an existing index");
    assertThat(people.find().hint(new Document("age", 1)).into(new ArrayList<>())).hasSize(3);
    assertThat(people.find().hintString("age_1").into(new ArrayList<>())).hasSize(3);
  }

  @Test
  void hintingASparseIndexIsRefusedRatherThanReturningDocumentsItDoesNotHold() {
    assertRefused(
        new Document("find", "people").append("hint", "name_1"), 238, "sparse or partial index");
  }

  @Test
  void aReverseNaturalHintReadsBackwards() {
    List<Integer> forward = new ArrayList<>();
    people.find().hint(new Document("$natural", 1)).forEach(d -> forward.add(d.getInteger("_id")));
    List<Integer> backward = new ArrayList<>();
    people
        .find()
        .hint(new Document("$natural", -1))
        .forEach(d -> backward.add(d.getInteger("_id")));
    assertThat(backward).isEqualTo(forward.reversed()).hasSize(3);
  }

  @Test
  void findOptionsNotImplementedAreRefusedByName() {
    assertRefused(
        new Document("find", "people")
            .append("hint", "age_1")
            .append("min", new Document("age", 35)),
        238,
        "'min'");
    // A tailable cursor works on a capped collection only, as MongoDB answers (BadValue).
    assertRefused(
        new Document("find", "people").append("tailable", true),
        2,
        "tailable cursor requested on non capped collection");
    assertRefused(new Document("find", "people").append("returnKey", true), 238, "'returnKey'");
  }

  @Test
  void unknownFieldsOfUpdateAndDeleteStatementsAreRefusedAsMongoDbRefusesThem() {
    Document statement =
        new Document("q", new Document())
            .append("u", new Document("$set", new Document("seen", true)))
            .append("order", new Document("age", -1));
    assertRefused(
        new Document("update", "people").append("updates", List.of(statement)),
        40415,
        "BSON field 'update.updates.order' is an unknown field.");
    assertRefused(
        new Document("delete", "people")
            .append(
                "deletes",
                List.of(new Document("q", new Document()).append("limit", 0).append("justOne", 1))),
        40415,
        "BSON field 'delete.deletes.justOne' is an unknown field.");
    assertThat(people.countDocuments(new Document("seen", true))).isZero();
    assertThat(people.countDocuments()).isEqualTo(3);
  }

  @Test
  void collectionKindsNotImplementedAreRefusedInsteadOfCreatingAPlainCollection() {
    assertRefused(
        new Document("create", "series").append("timeseries", new Document("timeField", "t")),
        238,
        "'timeseries'");
    assertRefused(
        new Document("create", "clustered")
            .append(
                "clusteredIndex",
                new Document("key", new Document("_id", 1)).append("unique", true)),
        238,
        "'clusteredIndex'");
    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("people");

    db.createCollection("plain", new CreateCollectionOptions().capped(false));
    assertThat(db.listCollectionNames().into(new ArrayList<>())).contains("plain");
    // Capped collections are built: the option makes one (see CappedCollectionsWithJavaDriverTest).
    db.createCollection("capped", new CreateCollectionOptions().capped(true).sizeInBytes(4096));
    Document capped = db.listCollections().filter(new Document("name", "capped")).first();
    assertThat(capped.get("options", Document.class).getBoolean("capped")).isTrue();
  }

  @Test
  void filterErrorsReachTheDriverWithMongoDbsOwnCodes() {
    assertRefused(
        new Document("find", "people")
            .append("filter", new Document("name", new Document("$regex", "("))),
        51091,
        "");
    assertRefused(
        new Document("find", "people")
            .append(
                "filter",
                new Document("name", new Document("$regex", "a").append("$options", "z"))),
        51108,
        "");
  }

  @Test
  void userOptionsNotKeptAreRefusedRatherThanDropped() {
    Document user =
        new Document("createUser", "ana")
            .append("pwd", "secret-1")
            .append("roles", List.of())
            .append("customData", new Document("team", "blue"));
    assertRefused(user, 238, "'customData'");
    assertRefused(
        new Document("createUser", "bo")
            .append("pwd", "secret-2")
            .append("roles", List.of())
            .append("authenticationRestrictions", List.of()),
        238,
        "'authenticationRestrictions'");
    assertRefused(
        new Document("createUser", "cy").append("pwd", "secret-3").append("role", "read"),
        40415,
        "BSON field 'createUser.role' is an unknown field.");
    db.runCommand(
        new Document("createUser", "di").append("pwd", "secret-4").append("roles", List.of()));
    assertRefused(
        new Document("updateUser", "di").append("customData", new Document("x", 1)),
        238,
        "'customData'");
  }

  @Test
  void fsyncLockAndACompactDryRunAreRefusedRatherThanDoneAnyway() {
    assertRefused(new Document("fsync", 1).append("lock", true), 238, "'lock'");
    assertRefused(new Document("compact", "people").append("dryRun", true), 238, "'dryRun'");
    assertThat(client.getDatabase("admin").runCommand(new Document("fsync", 1)).get("ok"))
        .isEqualTo(1.0);
  }

  @Test
  void countAnswersAnIntAsMongoDbDoes() {
    Document reply = db.runCommand(new Document("count", "people"));
    assertThat(reply.get("n")).isEqualTo(3);
  }
}
