package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.nio.file.Path;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * findAndModify's errors as MongoDB reports them: those raised while it runs carry the plan
 * executor's context, those raised parsing it do not.
 */
class FindAndModifyErrorsWithJavaDriverTest {

  private static final String PREFIX = "Plan executor error during findAndModify :: caused by :: ";

  @TempDir Path data;
  private LocalServer local;
  private MongoCollection<Document> users;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    users = local.client().getDatabase("app").getCollection("users");
    users.insertOne(new Document("_id", 1).append("email", "a@b.c").append("name", "Al"));
    users.insertOne(new Document("_id", 2).append("email", "d@e.f"));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void aDuplicateKeyWhileUpdatingCarriesThePlanExecutorContext() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    assertThatThrownBy(
            () ->
                users.findOneAndUpdate(
                    eq("_id", 2), new Document("$set", new Document("email", "a@b.c"))))
        .isInstanceOfSatisfying(MongoCommandException.class, e -> {})
        .hasMessageContaining(
            PREFIX
                + "E11000 duplicate key error collection: app.users index: email_1 dup key: {"
                + " email: \"a@b.c\" }");
  }

  @Test
  void aDuplicateKeyWhileUpsertingCarriesThePlanExecutorContext() {
    assertThatThrownBy(
            () ->
                users.findOneAndUpdate(
                    new Document("_id", 1).append("name", "Bo"),
                    new Document("$set", new Document("x", 1)),
                    new FindOneAndUpdateOptions().upsert(true)))
        .hasMessageContaining(
            PREFIX
                + "E11000 duplicate key error collection: app.users index: _id_ dup key: { _id: 1 }");
  }

  @Test
  void changingTheIdCarriesThePlanExecutorContext() {
    assertThatThrownBy(
            () ->
                users.findOneAndUpdate(eq("_id", 1), new Document("$set", new Document("_id", 9))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e ->
                org.assertj.core.api.Assertions.assertThat(e.getErrorMessage())
                    .startsWith(PREFIX + "Performing an update on the path '_id' would modify"));
  }

  @Test
  void incrementingANonNumberCarriesThePlanExecutorContext() {
    assertThatThrownBy(
            () ->
                users.findOneAndUpdate(eq("_id", 1), new Document("$inc", new Document("name", 1))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e ->
                org.assertj.core.api.Assertions.assertThat(e.getErrorMessage())
                    .startsWith(PREFIX + "Cannot apply $inc to a value of non-numeric type"));
  }

  @Test
  void anUnknownUpdateOperatorIsAParseErrorWithoutTheContext() {
    assertThatThrownBy(
            () ->
                users.findOneAndUpdate(eq("_id", 1), new Document("$bogus", new Document("a", 1))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e ->
                org.assertj.core.api.Assertions.assertThat(e.getErrorMessage())
                    .doesNotContain("Plan executor")
                    .contains("$bogus"));
  }
}
