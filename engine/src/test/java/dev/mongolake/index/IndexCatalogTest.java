package dev.mongolake.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexCatalogTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<Document> users;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users");
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private List<String> names() {
    return users.listIndexes().stream().map(i -> i.getString("name").getValue()).toList();
  }

  private static MongoLakeException codeOf(ErrorCode code, Throwable e) {
    assertThat(e).isInstanceOf(MongoLakeException.class);
    assertThat(((MongoLakeException) e).errorCode()).isEqualTo(code);
    return (MongoLakeException) e;
  }

  @Test
  void defaultNamesJoinFieldsAndDirections() {
    String name =
        users.createIndex(
            Indexes.compoundIndex(Indexes.ascending("email"), Indexes.descending("age")));

    assertThat(name).isEqualTo("email_1_age_-1");
    assertThat(names()).containsExactly("_id_", "email_1_age_-1");
    assertThat(users.listIndexes().get(1))
        .isEqualTo(BsonDocument.parse("{v: 2, key: {email: 1, age: -1}, name: 'email_1_age_-1'}"));
  }

  @Test
  void listIndexesShowsOptions() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true).name("by_email"));
    users.createIndex(
        Indexes.ascending("nick"),
        new IndexOptions().partialFilterExpression(new Document("active", true)));
    users.createIndex(Indexes.ascending("tag"), new IndexOptions().sparse(true));

    assertThat(users.listIndexes())
        .containsExactly(
            BsonDocument.parse("{v: 2, key: {_id: 1}, name: '_id_'}"),
            BsonDocument.parse("{v: 2, key: {email: 1}, name: 'by_email', unique: true}"),
            BsonDocument.parse(
                "{v: 2, key: {nick: 1}, name: 'nick_1',"
                    + " partialFilterExpression: {active: true}}"),
            BsonDocument.parse("{v: 2, key: {tag: 1}, name: 'tag_1', sparse: true}"));
  }

  @Test
  void recreatingTheSameIndexIsANoOp() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    users.createIndex(Indexes.ascending("_id"));

    assertThat(names()).containsExactly("_id_", "email_1");
  }

  @Test
  void sameNameWithOtherKeysIsAKeySpecsConflict() {
    users.createIndex(Indexes.ascending("a"), new IndexOptions().name("x"));

    assertThatThrownBy(
            () -> users.createIndex(Indexes.ascending("b"), new IndexOptions().name("x")))
        .satisfies(e -> codeOf(ErrorCode.INDEX_KEY_SPECS_CONFLICT, e))
        .hasMessageContaining("An existing index has the same name as the requested index")
        .hasMessageContaining("existing index: { v: 2, key: { a: 1 }, name: \"x\" }");
  }

  @Test
  void sameKeysWithOtherNameOrOptionsIsAnOptionsConflict() {
    users.createIndex(Indexes.ascending("a"));

    assertThatThrownBy(
            () -> users.createIndex(Indexes.ascending("a"), new IndexOptions().name("other")))
        .satisfies(e -> codeOf(ErrorCode.INDEX_OPTIONS_CONFLICT, e))
        .hasMessage("Index already exists with a different name: a_1");
    assertThatThrownBy(
            () -> users.createIndex(Indexes.ascending("a"), new IndexOptions().unique(true)))
        .satisfies(e -> codeOf(ErrorCode.INDEX_OPTIONS_CONFLICT, e))
        .hasMessageStartingWith(
            "An equivalent index already exists with the same name but different options.");
  }

  @Test
  void badKeyPatternsCannotCreateIndex() {
    assertThatThrownBy(() -> users.createIndex(new Document()))
        .satisfies(e -> codeOf(ErrorCode.CANNOT_CREATE_INDEX, e))
        .hasMessage("Index keys cannot be empty.");
    assertThatThrownBy(() -> users.createIndex(new Document("a", 0)))
        .satisfies(e -> codeOf(ErrorCode.CANNOT_CREATE_INDEX, e))
        .hasMessage("Values in v:2 index key pattern cannot be 0.");
    assertThatThrownBy(() -> users.createIndex(new Document("a", true)))
        .satisfies(e -> codeOf(ErrorCode.CANNOT_CREATE_INDEX, e))
        .hasMessage("Values in the index key pattern can only be numbers or strings.");
    assertThatThrownBy(() -> users.createIndex(new Document("a", "text")))
        .satisfies(e -> codeOf(ErrorCode.CANNOT_CREATE_INDEX, e))
        .hasMessageContaining("'text' is not supported");
  }

  @Test
  void dropIndexByNameOrKeysAndDropIndexesKeepsId() {
    users.createIndexes(
        List.of(
            new IndexModel(Indexes.ascending("a")),
            new IndexModel(Indexes.ascending("b")),
            new IndexModel(Indexes.ascending("c"))));

    users.dropIndex("a_1");
    users.dropIndex(Indexes.ascending("b"));
    assertThat(names()).containsExactly("_id_", "c_1");

    assertThat(users.dropIndexes()).isEqualTo(2);
    assertThat(names()).containsExactly("_id_");
  }

  @Test
  void dropErrorsCarryMongoDbCodes() {
    users.insertOne(new Document("x", 1));

    assertThatThrownBy(() -> users.dropIndex("_id_"))
        .satisfies(e -> codeOf(ErrorCode.INVALID_OPTIONS, e))
        .hasMessage("cannot drop _id index");
    assertThatThrownBy(() -> users.dropIndex("nope"))
        .satisfies(e -> codeOf(ErrorCode.INDEX_NOT_FOUND, e))
        .hasMessage("index not found with name [nope]");
    assertThatThrownBy(() -> users.dropIndex(Indexes.ascending("nope")))
        .satisfies(e -> codeOf(ErrorCode.INDEX_NOT_FOUND, e))
        .hasMessage("can't find index with key: { nope: 1 }");
  }

  @Test
  void listIndexesOfAMissingCollectionIsNamespaceNotFound() {
    assertThatThrownBy(() -> lake.db("app").collection("none").listIndexes())
        .satisfies(e -> codeOf(ErrorCode.NAMESPACE_NOT_FOUND, e))
        .hasMessage("ns does not exist: app.none");
  }

  @Test
  void createIndexCreatesTheCollection() {
    users.createIndex(Indexes.ascending("a"));

    assertThat(lake.db("app").listCollectionNames()).contains("users");
  }

  @Test
  void definitionsSurviveRestartFromTheLogAndFromTheCatalogFile() {
    users.createIndex(Indexes.ascending("a"), new IndexOptions().unique(true));
    users.createIndex(Indexes.ascending("b"));
    users.insertOne(new Document("a", 1).append("b", 2));
    lake.flush();
    users.createIndex(Indexes.descending("c"));
    users.dropIndex("b_1");

    lake.close();
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users");

    assertThat(names()).containsExactly("_id_", "a_1", "c_-1");
    assertThat(users.listIndexes().get(1).getBoolean("unique").getValue()).isTrue();
    assertThatThrownBy(() -> users.insertOne(new Document("a", 1)))
        .hasMessageContaining("index: a_1 dup key: { a: 1 }");
  }

  @Test
  void aHiddenIndexIsKeptUpAndEnforcedButNotPlanned() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true).hidden(true));
    users.insertOne(new Document("_id", 1).append("email", "a@x"));

    assertThat(users.listIndexes().get(1).getBoolean("hidden").getValue()).isTrue();
    assertThat(users.plannedIndex(com.mongodb.client.model.Filters.eq("email", "a@x"), null))
        .isNull();
    assertThatThrownBy(() -> users.insertOne(new Document("_id", 2).append("email", "a@x")))
        .hasMessageContaining("index: email_1 dup key: { email: \"a@x\" }");

    users.unhideIndex("email_1");

    assertThat(users.listIndexes().get(1).containsKey("hidden")).isFalse();
    assertThat(users.plannedIndex(com.mongodb.client.model.Filters.eq("email", "a@x"), null))
        .isNotNull();
    assertThat(users.find(com.mongodb.client.model.Filters.eq("email", "a@x")).first())
        .isEqualTo(new Document("_id", 1).append("email", "a@x"));
  }

  @Test
  void hidingAndShowingSurviveRestartFromTheLogAndFromTheCatalogFile() {
    users.createIndex(Indexes.ascending("a"));
    users.createIndex(Indexes.ascending("b"));
    users.insertOne(new Document("a", 1).append("b", 2));
    users.hideIndex("a_1");
    lake.flush();
    users.hideIndex("b_1");
    users.unhideIndex("a_1");

    lake.close();
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users");

    assertThat(users.listIndexes().get(1).containsKey("hidden")).isFalse();
    assertThat(users.listIndexes().get(2).getBoolean("hidden").getValue()).isTrue();
    assertThat(users.plannedIndex(com.mongodb.client.model.Filters.eq("a", 1), null)).isNotNull();
    assertThat(users.plannedIndex(com.mongodb.client.model.Filters.eq("b", 2), null)).isNull();
  }

  @Test
  void hidingCarriesMongoDbErrors() {
    users.createIndex(Indexes.ascending("a"));
    assertThatThrownBy(
            () ->
                users.createIndex(
                    Indexes.ascending("_id"), new IndexOptions().name("id2").hidden(true)))
        .satisfies(e -> codeOf(ErrorCode.BAD_VALUE, e));
    assertThatThrownBy(() -> users.hideIndex("_id_"))
        .satisfies(e -> codeOf(ErrorCode.BAD_VALUE, e))
        .hasMessage("can't hide _id index");
    assertThatThrownBy(() -> users.hideIndex("nope"))
        .satisfies(e -> codeOf(ErrorCode.INDEX_NOT_FOUND, e));
    assertThatThrownBy(
            () -> users.modifyIndex(new BsonDocument("name", new org.bson.BsonString("a_1"))))
        .satisfies(e -> codeOf(ErrorCode.INVALID_OPTIONS, e))
        .hasMessage("no expireAfterSeconds or hidden field");
    assertThatThrownBy(
            () ->
                users.modifyIndex(
                    new BsonDocument("name", new org.bson.BsonString("a_1"))
                        .append("hidden", new org.bson.BsonInt32(1))))
        .satisfies(e -> codeOf(ErrorCode.TYPE_MISMATCH, e));
    // Re-creating an index with other visibility conflicts, as in MongoDB.
    assertThatThrownBy(
            () -> users.createIndex(Indexes.ascending("a"), new IndexOptions().hidden(true)))
        .satisfies(e -> codeOf(ErrorCode.INDEX_OPTIONS_CONFLICT, e));
  }

  @Test
  void droppingTheCollectionDropsItsIndexes() {
    users.createIndex(Indexes.ascending("a"));
    lake.flush();
    users.drop();
    users.insertOne(new Document("a", 1));

    assertThat(names()).containsExactly("_id_");
  }
}
