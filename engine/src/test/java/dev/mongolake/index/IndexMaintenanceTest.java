package dev.mongolake.index;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeWriteException;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexMaintenanceTest {

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

  private void uniqueOn(String field) {
    users.createIndex(Indexes.ascending(field), new IndexOptions().unique(true));
  }

  @Test
  void uniqueViolationHasMongoDbsMessage() {
    uniqueOn("email");
    users.insertOne(new Document("email", "a@x"));

    assertThatThrownBy(() -> users.insertOne(new Document("email", "a@x")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DUPLICATE_KEY))
        .hasMessage(
            "E11000 duplicate key error collection: app.users index: email_1 dup key: { email:"
                + " \"a@x\" }");
  }

  @Test
  void missingFieldsCountAsNullInAUniqueIndex() {
    uniqueOn("email");
    users.insertOne(new Document("name", "a"));

    assertThatThrownBy(() -> users.insertOne(new Document("name", "b")))
        .hasMessageEndingWith("dup key: { email: null }");
  }

  @Test
  void sparseUniqueIndexSkipsDocumentsWithoutTheField() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true).sparse(true));
    users.insertOne(new Document("name", "a"));
    users.insertOne(new Document("name", "b"));

    assertThat(users.countDocuments()).isEqualTo(2);
  }

  @Test
  void partialUniqueIndexOnlyConstrainsMatchingDocuments() {
    users.createIndex(
        Indexes.ascending("email"),
        new IndexOptions().unique(true).partialFilterExpression(new Document("active", true)));
    users.insertOne(new Document("email", "a@x").append("active", false));
    users.insertOne(new Document("email", "a@x").append("active", true));

    assertThatThrownBy(() -> users.insertOne(new Document("email", "a@x").append("active", true)))
        .hasMessageContaining("dup key: { email: \"a@x\" }");
  }

  @Test
  void updatesAndDeletesFreeKeys() {
    uniqueOn("email");
    users.insertOne(new Document("_id", 1).append("email", "a@x"));
    users.updateOne(eq("_id", 1), set("email", "b@x"));
    users.insertOne(new Document("_id", 2).append("email", "a@x"));
    users.deleteOne(eq("_id", 2));
    users.insertOne(new Document("_id", 3).append("email", "a@x"));

    assertThatThrownBy(() -> users.updateOne(eq("_id", 3), set("email", "b@x")))
        .hasMessageContaining("dup key: { email: \"b@x\" }");
    assertThat(users.find(eq("email", "a@x")).first()).containsEntry("_id", 3);
  }

  @Test
  void insertManyReportsEachDuplicateAsAWriteError() {
    uniqueOn("email");
    List<Document> batch =
        List.of(
            new Document("_id", 1).append("email", "a"),
            new Document("_id", 2).append("email", "a"),
            new Document("_id", 3).append("email", "b"),
            new Document("_id", 4).append("email", "b"));

    assertThatThrownBy(() -> users.insertMany(batch, new InsertManyOptions().ordered(false)))
        .isInstanceOfSatisfying(
            MongoLakeWriteException.class,
            e -> {
              assertThat(e.errors())
                  .extracting(MongoLakeWriteException.WriteError::index)
                  .containsExactly(1, 3);
              assertThat(e.insertedIds()).containsOnlyKeys(0, 2);
            });
    users.drop();
    uniqueOn("email");
    assertThatThrownBy(() -> users.insertMany(batch))
        .isInstanceOfSatisfying(
            MongoLakeWriteException.class,
            e ->
                assertThat(e.errors())
                    .extracting(MongoLakeWriteException.WriteError::index)
                    .containsExactly(1));
    assertThat(users.countDocuments()).isEqualTo(1);
  }

  @Test
  void buildingAUniqueIndexOverDuplicatesFails() {
    users.insertOne(new Document("email", "a@x"));
    lake.flush();
    users.insertOne(new Document("email", "a@x"));

    assertThatThrownBy(() -> uniqueOn("email"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DUPLICATE_KEY))
        .hasMessageContaining("index: email_1 dup key: { email: \"a@x\" }");
    assertThat(users.listIndexes()).hasSize(1);
  }

  @Test
  void uniquenessHoldsAcrossFlushedAndBufferedDocuments() {
    uniqueOn("email");
    users.insertOne(new Document("email", "a@x"));
    lake.flush();

    assertThatThrownBy(() -> users.insertOne(new Document("email", "a@x")))
        .hasMessageContaining("dup key");
    lake.close();
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users");
    assertThatThrownBy(() -> users.insertOne(new Document("email", "a@x")))
        .hasMessageContaining("dup key");
  }

  @Test
  void multikeyIndexHasOneKeyPerElement() {
    uniqueOn("tags");
    users.insertOne(new Document("tags", List.of("a", "b", "a")));

    assertThatThrownBy(() -> users.insertOne(new Document("tags", List.of("c", "b"))))
        .hasMessageContaining("dup key: { tags: \"b\" }");
    assertThat(users.find(eq("tags", "a")).into(new java.util.ArrayList<>())).hasSize(1);
  }

  @Test
  void compoundIndexOverTwoArraysIsRefused() {
    users.createIndex(Indexes.ascending("a", "b"));
    users.insertOne(new Document("a", List.of(1, 2)).append("b", 1));

    assertThatThrownBy(() -> users.insertOne(new Document("a", List.of(1)).append("b", List.of(2))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CANNOT_INDEX_PARALLEL_ARRAYS))
        .hasMessage("cannot index parallel arrays [b] [a]");
  }

  @Test
  void compoundUniqueKeyShowsEveryField() {
    users.createIndex(Indexes.ascending("a", "b"), new IndexOptions().unique(true));
    users.insertOne(new Document("a", 1).append("b", "x"));
    users.insertOne(new Document("a", 1).append("b", "y"));

    assertThatThrownBy(() -> users.insertOne(new Document("a", 1).append("b", "x")))
        .hasMessageEndingWith("index: a_1_b_1 dup key: { a: 1, b: \"x\" }");
  }
}
