package dev.mongolake;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Projections.excludeId;
import static com.mongodb.client.model.Projections.fields;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Sorts.ascending;
import static com.mongodb.client.model.Sorts.descending;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.FindOneAndDeleteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedCrudTest {

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

  @Test
  void insertOneAssignsAnObjectIdAndFindReturnsTheDocument() {
    Document alice = new Document("name", "Alice").append("email", "alice@example.com");

    var result = users.insertOne(alice);

    assertThat(alice.get("_id")).isInstanceOf(ObjectId.class);
    assertThat(result.getInsertedId().asObjectId().getValue()).isEqualTo(alice.getObjectId("_id"));
    Document found = users.find(eq("email", "alice@example.com")).first();
    assertThat(found).isEqualTo(alice);
    assertThat(found.keySet()).containsExactly("_id", "name", "email");
  }

  @Test
  void duplicateIdFailsWithMongoDbsDuplicateKeyError() {
    users.insertOne(new Document("_id", 1).append("name", "a"));

    assertThatThrownBy(() -> users.insertOne(new Document("_id", 1.0).append("name", "b")))
        .isInstanceOfSatisfying(
            MongoLakeWriteException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.DUPLICATE_KEY);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "E11000 duplicate key error collection: app.users index: _id_ dup key: { _id: 1.0 }");
            });
    assertThat(users.countDocuments()).isEqualTo(1);
  }

  @Test
  void orderedInsertManyStopsAtTheFirstErrorAndUnorderedContinues() {
    users.insertOne(new Document("_id", 2));
    List<Document> batch =
        List.of(new Document("_id", 1), new Document("_id", 2), new Document("_id", 3));

    assertThatThrownBy(() -> users.insertMany(batch))
        .isInstanceOfSatisfying(
            MongoLakeWriteException.class,
            e -> {
              assertThat(e.errors())
                  .extracting(MongoLakeWriteException.WriteError::index)
                  .containsExactly(1);
              assertThat(e.insertedIds()).containsOnlyKeys(0);
            });
    assertThat(users.countDocuments()).isEqualTo(2);

    List<Document> second =
        List.of(new Document("_id", 2), new Document("_id", 4), new Document("_id", 1));
    assertThatThrownBy(() -> users.insertMany(second, new InsertManyOptions().ordered(false)))
        .isInstanceOfSatisfying(
            MongoLakeWriteException.class,
            e ->
                assertThat(e.errors())
                    .extracting(MongoLakeWriteException.WriteError::index)
                    .containsExactly(0, 2));
    assertThat(users.countDocuments()).isEqualTo(3);
  }

  @Test
  void findSortsSkipsLimitsAndProjects() {
    for (int i = 0; i < 10; i++) {
      users.insertOne(new Document("_id", i).append("score", i % 4).append("name", "u" + i));
    }

    List<Document> page =
        users
            .find(gt("score", 0))
            .sort(fields(descending("score"), ascending("_id")))
            .skip(1)
            .limit(3)
            .projection(fields(include("name"), excludeId()))
            .into(new ArrayList<>());

    assertThat(page)
        .containsExactly(
            new Document("name", "u7"), new Document("name", "u2"), new Document("name", "u6"));
  }

  @Test
  void updateOneAppliesOperatorsAndUpsertInsertsFromTheFilter() {
    users.insertOne(new Document("_id", 1).append("visits", 1));

    UpdateResult updated = users.updateOne(eq("_id", 1), inc("visits", 2));
    UpdateResult upserted =
        users.updateOne(
            and(eq("email", "bob@example.com"), eq("team", "blue")),
            set("name", "Bob"),
            new UpdateOptions().upsert(true));

    assertThat(updated.getMatchedCount()).isEqualTo(1);
    assertThat(updated.getModifiedCount()).isEqualTo(1);
    assertThat(users.find(eq("_id", 1)).first().getInteger("visits")).isEqualTo(3);
    assertThat(upserted.getUpsertedId()).isNotNull();
    Document bob = users.find(eq("name", "Bob")).first();
    assertThat(bob).containsEntry("email", "bob@example.com").containsEntry("team", "blue");
  }

  @Test
  void updateManyAndDeleteManyAffectEveryMatch() {
    users.insertMany(
        List.of(
            new Document("_id", 1).append("tier", "a"),
            new Document("_id", 2).append("tier", "b"),
            new Document("_id", 3).append("tier", "a")));

    assertThat(users.updateMany(eq("tier", "a"), set("flag", true)).getModifiedCount())
        .isEqualTo(2);
    assertThat(users.countDocuments(eq("flag", true))).isEqualTo(2);
    assertThat(users.deleteMany(in("_id", 1, 2)).getDeletedCount()).isEqualTo(2);
    assertThat(users.find().into(new ArrayList<>()))
        .containsExactly(new Document("_id", 3).append("tier", "a").append("flag", true));
  }

  @Test
  void replaceOneKeepsTheIdAndUpsertsWithTheFiltersId() {
    users.insertOne(new Document("_id", 1).append("a", 1));

    users.replaceOne(eq("_id", 1), new Document("b", 2));
    users.replaceOne(eq("_id", 7), new Document("c", 3), new ReplaceOptions().upsert(true));

    assertThat(users.find(eq("_id", 1)).first()).isEqualTo(new Document("_id", 1).append("b", 2));
    assertThat(users.find(eq("_id", 7)).first()).isEqualTo(new Document("_id", 7).append("c", 3));
  }

  @Test
  void writesSurviveARestartThroughTheLog() {
    users.insertMany(
        List.of(new Document("_id", 1).append("n", 1), new Document("_id", 2).append("n", 2)));
    users.updateOne(eq("_id", 1), set("n", 10));
    users.deleteOne(eq("_id", 2));
    lake.db("app").createCollection("empty");
    lake.close();

    lake = MongoLake.open(root);
    users = lake.db("app").collection("users");

    assertThat(users.find().into(new ArrayList<>()))
        .containsExactly(new Document("_id", 1).append("n", 10));
    assertThat(lake.db("app").listCollectionNames()).containsExactly("empty", "users");
    assertThat(lake.listDatabaseNames()).containsExactly("app");
  }

  @Test
  void bsonDocumentCollectionsRoundTripTypesExactly() {
    MongoLakeCollection<BsonDocument> raw = lake.db("app").collection("raw", BsonDocument.class);
    BsonDocument document =
        BsonDocument.parse(
            "{_id: {$numberLong: '5'}, d: {$numberDecimal: '1.10'}, t: {$timestamp: {t: 1, i: 2}}, b: {$binary: {base64: 'AQI=', subType: '04'}}}");

    raw.insertOne(document);

    assertThat(raw.find(new BsonDocument("_id", new BsonInt32(5))).first()).isEqualTo(document);
  }

  @Test
  void findOneAndUpdateTakesTheFirstInSortOrderAndReturnsBeforeOrAfter() {
    users.insertMany(
        List.of(
            new Document("_id", 1).append("q", 5),
            new Document("_id", 2).append("q", 1),
            new Document("_id", 3).append("q", 3)));

    Document before =
        users.findOneAndUpdate(
            gt("q", 0), inc("q", 10), new FindOneAndUpdateOptions().sort(ascending("q")));
    Document after =
        users.findOneAndUpdate(
            eq("_id", 3),
            inc("q", 1),
            new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
    Document deleted = users.findOneAndDelete(eq("_id", 1), new FindOneAndDeleteOptions());

    assertThat(before).isEqualTo(new Document("_id", 2).append("q", 1));
    assertThat(after).isEqualTo(new Document("_id", 3).append("q", 4));
    assertThat(deleted).isEqualTo(new Document("_id", 1).append("q", 5));
    assertThat(users.find().sort(ascending("_id")).into(new ArrayList<>()))
        .containsExactly(
            new Document("_id", 2).append("q", 11), new Document("_id", 3).append("q", 4));
  }

  @Test
  void positionalOperatorUpdatesTheMatchedArrayElement() {
    users.insertOne(new Document("_id", 1).append("grades", List.of(80, 90, 85)));

    users.updateOne(and(eq("_id", 1), eq("grades", 90)), set("grades.$", 95));

    assertThat(users.find(eq("_id", 1)).first().getList("grades", Integer.class))
        .containsExactly(80, 95, 85);
  }

  @Test
  void malformedFilterFailsWithMongoDbsCode() {
    assertThatThrownBy(() -> users.find(new Document("a", new Document("$foo", 1))).first())
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.BAD_VALUE);
              assertThat(e.getMessage()).contains("unknown operator: $foo");
            });
  }
}
