package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.in;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Collation;
import com.mongodb.client.model.CollationStrength;
import com.mongodb.client.model.CountOptions;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.CreateViewOptions;
import com.mongodb.client.model.DeleteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
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
 * The {@code collation} option through the Java driver, as MongoDB's manual describes it: strings
 * compare by the collation in filters, sorts, distinct values, counts, updates and deletes; a
 * collection's default collation governs operations that name none; an index under a collation
 * holds collation keys, so that it serves queries under that collation and its uniqueness follows
 * it; specifications MongoDB refuses are refused with its codes.
 */
class CollationWithJavaDriverTest {

  private static final Collation CASE_INSENSITIVE =
      Collation.builder().locale("en").collationStrength(CollationStrength.SECONDARY).build();
  private static final Collation ACCENT_INSENSITIVE =
      Collation.builder().locale("en").collationStrength(CollationStrength.PRIMARY).build();
  private static final Collation SIMPLE = Collation.builder().locale("simple").build();

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;
  private MongoCollection<Document> people;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.BATCH);
    db = local.client().getDatabase("app");
    people = db.getCollection("people");
    people.insertMany(
        List.of(
            new Document("_id", 1).append("name", "Ana").append("n", "10"),
            new Document("_id", 2).append("name", "ana").append("n", "9"),
            new Document("_id", 3).append("name", "ÁNA").append("n", "100"),
            new Document("_id", 4).append("name", "Bo").append("n", "2"),
            new Document("_id", 5).append("name", "bo").append("n", "1")));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private static List<Integer> ids(Iterable<Document> documents) {
    List<Integer> ids = new ArrayList<>();
    documents.forEach(d -> ids.add(d.getInteger("_id")));
    return ids;
  }

  @Test
  void aFindMatchesStringsAsItsCollationComparesThem() {
    assertThat(ids(people.find(eq("name", "ana")).sort(Sorts.ascending("_id")))).containsExactly(2);
    assertThat(
            ids(
                people
                    .find(eq("name", "ana"))
                    .collation(CASE_INSENSITIVE)
                    .sort(Sorts.ascending("_id"))))
        .containsExactly(1, 2);
    assertThat(
            ids(
                people
                    .find(eq("name", "ana"))
                    .collation(ACCENT_INSENSITIVE)
                    .sort(Sorts.ascending("_id"))))
        .containsExactly(1, 2, 3);
    assertThat(
            ids(
                people
                    .find(in("name", List.of("BO", "x")))
                    .collation(CASE_INSENSITIVE)
                    .sort(Sorts.ascending("_id"))))
        .containsExactly(4, 5);
    assertThat(ids(people.find(gt("name", "b")).collation(CASE_INSENSITIVE))).containsOnly(4, 5);
    assertThat(ids(people.find(eq("name", "ana")).collation(SIMPLE))).containsExactly(2);
  }

  @Test
  void aSortOrdersStringsByTheCollation() {
    assertThat(ids(people.find().sort(Sorts.ascending("name", "_id"))))
        .as("binary order: upper case first")
        .containsExactly(1, 4, 2, 5, 3);
    assertThat(
            ids(
                people
                    .find()
                    .sort(Sorts.ascending("n"))
                    .collation(Collation.builder().locale("en").numericOrdering(true).build())))
        .containsExactly(5, 4, 2, 1, 3);
    assertThat(
            ids(
                people
                    .find()
                    .sort(Sorts.ascending("name", "_id"))
                    .collation(Collation.builder().locale("en").build())))
        .as("English: lower case before upper, accents after")
        .containsExactly(2, 1, 3, 5, 4);
  }

  @Test
  void countsDistinctValuesAndAggregationsFollowTheCollation() {
    assertThat(
            people.countDocuments(
                eq("name", "ANA"), new CountOptions().collation(CASE_INSENSITIVE)))
        .isEqualTo(2);
    assertThat(
            people
                .distinct("name", String.class)
                .collation(CASE_INSENSITIVE)
                .into(new ArrayList<>()))
        .hasSize(3);
    assertThat(
            people
                .aggregate(List.of(new Document("$match", new Document("name", "bo"))))
                .collation(CASE_INSENSITIVE)
                .into(new ArrayList<>()))
        .hasSize(2);
    assertThat(
            ids(
                people
                    .aggregate(
                        List.of(
                            new Document("$sort", new Document("n", 1)),
                            new Document("$project", new Document("n", 1))))
                    .collation(Collation.builder().locale("en").numericOrdering(true).build())))
        .containsExactly(5, 4, 2, 1, 3);
  }

  @Test
  void aMergeUnderACollationIsRefusedRatherThanMatchedByBytes() {
    assertThatThrownBy(
            () ->
                people
                    .aggregate(List.of(new Document("$merge", new Document("into", "copy"))))
                    .collation(CASE_INSENSITIVE)
                    .toCollection())
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(238))
        .hasMessageContaining("$merge under a collation");
    assertThat(db.listCollectionNames().into(new ArrayList<>())).doesNotContain("copy");
  }

  @Test
  void updatesDeletesAndFindAndModifyMatchUnderTheirCollation() {
    assertThat(
            people
                .updateMany(
                    eq("name", "ANA"),
                    Updates.set("seen", true),
                    new UpdateOptions().collation(CASE_INSENSITIVE))
                .getModifiedCount())
        .isEqualTo(2);
    Document found =
        people.findOneAndUpdate(
            eq("name", "BO"),
            Updates.set("first", true),
            new FindOneAndUpdateOptions()
                .collation(CASE_INSENSITIVE)
                .sort(Sorts.descending("_id"))
                .returnDocument(ReturnDocument.AFTER));
    assertThat(found.getInteger("_id")).isEqualTo(5);
    assertThat(
            people
                .deleteMany(eq("name", "ana"), new DeleteOptions().collation(ACCENT_INSENSITIVE))
                .getDeletedCount())
        .isEqualTo(3);
    assertThat(ids(people.find().sort(Sorts.ascending("_id")))).containsExactly(4, 5);
  }

  @Test
  void updateOperatorsThatCompareFollowTheStatementsCollation() {
    people.updateOne(eq("_id", 4), Updates.set("tags", List.of("red", "Blue")));
    assertThat(
            people
                .updateOne(
                    eq("_id", 4),
                    Updates.addToSet("tags", "RED"),
                    new UpdateOptions().collation(CASE_INSENSITIVE))
                .getModifiedCount())
        .as("RED is already in the set under the collation")
        .isZero();
    people.updateOne(
        eq("_id", 4),
        Updates.pull("tags", "blue"),
        new UpdateOptions().collation(CASE_INSENSITIVE));
    assertThat(people.find(eq("_id", 4)).first().getList("tags", String.class))
        .containsExactly("red");
    people.updateOne(eq("_id", 4), Updates.addToSet("tags", "RED"));
    assertThat(people.find(eq("_id", 4)).first().getList("tags", String.class))
        .as("without a collation RED is a new value")
        .containsExactly("red", "RED");
  }

  @Test
  void aCollectionsDefaultCollationGovernsOperationsThatNameNone() {
    db.createCollection("tags", new CreateCollectionOptions().collation(CASE_INSENSITIVE));
    MongoCollection<Document> tags = db.getCollection("tags");
    tags.insertMany(
        List.of(
            new Document("_id", 1).append("t", "Java"),
            new Document("_id", 2).append("t", "java")));

    assertThat(tags.countDocuments(eq("t", "JAVA"))).isEqualTo(2);
    assertThat(tags.find(eq("t", "JAVA")).collation(SIMPLE).into(new ArrayList<>())).isEmpty();
    Document options =
        db.listCollections().filter(eq("name", "tags")).first().get("options", Document.class);
    assertThat(options.get("collation", Document.class))
        .containsEntry("locale", "en")
        .containsEntry("strength", 2)
        .containsEntry("caseFirst", "off")
        .containsEntry("version", "57.1");

    local.close();
    local = LocalServer.start(data, Durability.BATCH);
    db = local.client().getDatabase("app");
    assertThat(db.getCollection("tags").countDocuments(eq("t", "JAVA")))
        .as("the default survives a restart")
        .isEqualTo(2);
  }

  @Test
  void theIdIndexOfACollectionWithADefaultCollationIsUniqueByIt() {
    db.createCollection("codes", new CreateCollectionOptions().collation(CASE_INSENSITIVE));
    MongoCollection<Document> codes = db.getCollection("codes");
    codes.insertOne(new Document("_id", "abc").append("v", 1));
    assertThatThrownBy(() -> codes.insertOne(new Document("_id", "ABC")))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getCode()).isEqualTo(11000));
    assertThat(codes.find(eq("_id", "ABC")).first()).containsEntry("v", 1);
    assertThat(codes.listIndexes().first().get("collation", Document.class))
        .containsEntry("strength", 2);

    local.close();
    local = LocalServer.start(data, Durability.BATCH);
    MongoCollection<Document> reopened = local.client().getDatabase("app").getCollection("codes");
    assertThatThrownBy(() -> reopened.insertOne(new Document("_id", "Abc")))
        .as("the _id keys under the collation are rebuilt on open")
        .isInstanceOf(MongoWriteException.class);
    reopened.deleteOne(eq("_id", "aBc"));
    reopened.insertOne(new Document("_id", "ABC"));
    assertThat(reopened.countDocuments()).isEqualTo(1);
  }

  @Test
  void anIndexUnderACollationServesQueriesUnderItAndIsUniqueByIt() {
    people.deleteMany(new Document());
    people.createIndex(
        Indexes.ascending("name"), new IndexOptions().unique(true).collation(CASE_INSENSITIVE));
    people.insertOne(new Document("_id", 1).append("name", "ana"));
    assertThatThrownBy(() -> people.insertOne(new Document("_id", 2).append("name", "ANA")))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getCode()).isEqualTo(11000));
    people.insertOne(new Document("_id", 3).append("name", "ána"));

    assertThat(ids(people.find(eq("name", "ANA")).collation(CASE_INSENSITIVE))).containsExactly(1);
    Document underIt = people.find(eq("name", "ANA")).collation(CASE_INSENSITIVE).explain();
    assertThat(underIt.toJson()).contains("IXSCAN");
    Document binary = people.find(eq("name", "ANA")).explain();
    assertThat(binary.toJson()).contains("COLLSCAN").doesNotContain("IXSCAN");
    assertThat(people.find(eq("name", "ANA")).into(new ArrayList<>())).isEmpty();

    Document index =
        people.listIndexes().into(new ArrayList<>()).stream()
            .filter(d -> d.getString("name").equals("name_1"))
            .findFirst()
            .orElseThrow();
    assertThat(index.get("collation", Document.class)).containsEntry("strength", 2);

    local.close();
    local = LocalServer.start(data, Durability.BATCH);
    people = local.client().getDatabase("app").getCollection("people");
    assertThatThrownBy(() -> people.insertOne(new Document("_id", 4).append("name", "Ana")))
        .as("the index keeps its collation across a restart")
        .isInstanceOf(MongoWriteException.class);
  }

  @Test
  void aSpecificationMongoDbRefusesIsRefusedWithItsCode() {
    assertRefused(new Document("locale", "xx_NOPE"), 2, "Field 'locale' is invalid in:");
    assertRefused(new Document("locale", "en").append("strength", 6), 51024, "must be <= 5");
    assertRefused(
        new Document("locale", "en").append("bogus", 1),
        40415,
        "BSON field 'collation.bogus' is an unknown field.");
    assertRefused(
        new Document("strength", 2),
        40414,
        "BSON field 'collation.locale' is missing but a required field");
  }

  private void assertRefused(Document collation, int code, String message) {
    assertThatThrownBy(
            () ->
                db.runCommand(
                    new Document("find", "people")
                        .append("filter", new Document())
                        .append("collation", collation)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void aViewRefusesToBeReadUnderAnotherCollation() {
    db.createView("names", "people", List.of(new Document("$project", new Document("name", 1))));
    assertThatThrownBy(
            () ->
                db.getCollection("names")
                    .find(eq("name", "ana"))
                    .collation(CASE_INSENSITIVE)
                    .into(new ArrayList<>()))
        .isInstanceOfSatisfying(MongoException.class, e -> assertThat(e.getCode()).isEqualTo(167))
        .hasMessageContaining("Cannot override a view's default collation");
    assertThat(db.getCollection("names").find(eq("name", "ana")).into(new ArrayList<>()))
        .hasSize(1);
    assertThatThrownBy(
            () ->
                db.createView(
                    "folded",
                    "people",
                    List.of(),
                    new CreateViewOptions().collation(CASE_INSENSITIVE)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(238))
        .hasMessageContaining("collation");
  }
}
