package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MongoDB 8.0's {@code sort} in an update statement, through the driver's {@code updateOne} and
 * {@code replaceOne}: the document changed is the first match in sort order; with {@code multi} the
 * statement is refused as MongoDB refuses it.
 */
class UpdateSortWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;
  private MongoCollection<Document> people;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    db = local.client().getDatabase("app");
    people = db.getCollection("people");
    people.insertMany(
        List.of(
            new Document("_id", 1).append("age", 30),
            new Document("_id", 2).append("age", 20),
            new Document("_id", 3).append("age", 40)));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void updateOneWithSortChangesTheFirstMatchInSortOrder() {
    people.updateOne(
        gte("age", 0), set("youngest", true), new UpdateOptions().sort(Sorts.ascending("age")));
    people.updateOne(
        gte("age", 0), set("oldest", true), new UpdateOptions().sort(Sorts.descending("age")));

    assertThat(people.find(eq("youngest", true)).first()).containsEntry("_id", 2);
    assertThat(people.find(eq("oldest", true)).first()).containsEntry("_id", 3);
  }

  @Test
  void replaceOneWithSortReplacesTheFirstMatchInSortOrder() {
    people.replaceOne(
        gte("age", 25), new Document("age", 31), new ReplaceOptions().sort(Sorts.ascending("age")));

    assertThat(people.find(eq("_id", 1)).first())
        .isEqualTo(new Document("_id", 1).append("age", 31));
    assertThat(people.find(eq("_id", 3)).first())
        .isEqualTo(new Document("_id", 3).append("age", 40));
  }

  @Test
  void anUpdateWithSortStillUpsertsWhenNothingMatches() {
    UpdateResult result =
        people.updateOne(
            eq("age", 99),
            set("new", true),
            new UpdateOptions().upsert(true).sort(Sorts.ascending("age")));

    assertThat(result.getUpsertedId()).isNotNull();
    assertThat(people.countDocuments(eq("new", true))).isEqualTo(1);
  }

  @Test
  void sortWithMultiFailsTheCommandWithFailedToParse() {
    Document statement =
        new Document("q", new Document())
            .append("u", new Document("$set", new Document("seen", true)))
            .append("multi", true)
            .append("sort", new Document("age", 1));
    Document first =
        new Document("q", new Document("_id", 1))
            .append("u", new Document("$set", new Document("first", true)));

    assertThatThrownBy(
            () ->
                db.runCommand(
                    new Document("update", "people").append("updates", List.of(first, statement))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(9);
              assertThat(e.getErrorMessage()).isEqualTo("Cannot specify sort with multi=true");
            });
    // As in MongoDB, the statements before the refused one ran.
    assertThat(people.countDocuments(eq("first", true))).isEqualTo(1);
    assertThat(people.countDocuments(eq("seen", true))).isZero();
  }

  @Test
  void anInvalidSortIsRefused() {
    assertThatThrownBy(
            () ->
                people.updateOne(
                    gte("age", 0),
                    set("seen", true),
                    new UpdateOptions().sort(new Document("age", 2))))
        .isInstanceOfSatisfying(
            MongoException.class,
            e ->
                assertThat(e.getMessage())
                    .contains(
                        "$sort key ordering must be 1 (for ascending) or -1 (for descending)"));
    assertThat(people.countDocuments(eq("seen", true))).isZero();
  }
}
