package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MongoDB 8.0's update {@code sort} in the embedded API: which match a single update changes. */
class UpdateSortTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<Document> people;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    people = lake.db("app").collection("people");
    people.insertMany(
        List.of(
            new Document("_id", 1).append("age", 30),
            new Document("_id", 2).append("age", 20),
            new Document("_id", 3).append("age", 40)));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  @Test
  void updateOneWithSortChangesTheFirstMatchInSortOrder() {
    people.updateOne(
        gte("age", 25), set("picked", true), new UpdateOptions().sort(Sorts.descending("age")));

    assertThat(people.find(eq("picked", true)).first()).containsEntry("_id", 3);
  }

  @Test
  void aSortAlsoPicksTheDocumentAfterAFlushAndInABulkWrite() {
    lake.flush();
    people.bulkWrite(
        List.of(
            new UpdateOneModel<>(
                gte("age", 0),
                set("first", true),
                new UpdateOptions().sort(Sorts.ascending("age"))),
            new ReplaceOneModel<>(
                gte("age", 0),
                new Document("age", 41),
                new ReplaceOptions().sort(Sorts.descending("age")))));

    assertThat(people.find(eq("first", true)).first()).containsEntry("_id", 2);
    assertThat(people.find(eq("_id", 3)).first())
        .isEqualTo(new Document("_id", 3).append("age", 41));
  }

  @Test
  void updateManyWithSortIsRefusedAsMongoDbRefusesIt() {
    assertThatThrownBy(
            () ->
                people.updateMany(
                    gte("age", 0),
                    set("seen", true),
                    new UpdateOptions().sort(Sorts.ascending("age"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.FAILED_TO_PARSE);
              assertThat(e.getMessage()).isEqualTo("Cannot specify sort with multi=true");
            });
    assertThat(people.countDocuments(eq("seen", true))).isZero();
  }
}
