package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Field names as MongoDB 5.0 and later store them ($-prefixed and dotted names, top-level ones
 * included, but never a $-prefixed name inside a document _id), and paths with empty components:
 * literal in filters, refused where MongoDB builds a FieldPath (projections and sorts).
 */
class FieldNamesAndPathsWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;
  private MongoCollection<Document> items;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    db = local.client().getDatabase("app");
    items = db.getCollection("items");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void topLevelDollarAndDottedFieldNamesAreStoredOnInsert() {
    items.insertOne(new Document("_id", 1).append("$price", 50).append("a.b", 2));
    items.insertOne(new Document("_id", Document.parse("{'x.y': 1}")));

    assertThat(items.find(Filters.eq("_id", 1)).first())
        .isEqualTo(new Document("_id", 1).append("$price", 50).append("a.b", 2));
    assertThat(items.countDocuments()).isEqualTo(2);
    // A document holding a top-level $ name still takes modifier updates on other fields.
    items.updateOne(Filters.eq("_id", 1), Updates.set("quantity", 30));
    assertThat(items.find(Filters.eq("_id", 1)).first().get("$price")).isEqualTo(50);
  }

  @Test
  void anUpsertInsertsATopLevelDollarFieldAsAnInsertWould() {
    items.updateOne(
        Filters.eq("_id", 7), Updates.set("$hotel", 320), new UpdateOptions().upsert(true));
    assertThat(items.find(Filters.eq("_id", 7)).first().get("$hotel")).isEqualTo(320);

    // Matching an existing document, the same update is refused.
    assertThatThrownBy(() -> items.updateOne(Filters.eq("_id", 7), Updates.set("$other", 1)))
        .isInstanceOfSatisfying(
            MongoWriteException.class, e -> assertThat(e.getError().getCode()).isEqualTo(52));
  }

  @Test
  void aDocumentIdWithADollarPrefixedFieldIsRefusedAsMongoDbRefusesIt() {
    for (Document id : List.of(Document.parse("{$a: 1}"), Document.parse("{x: [{y: {$b: 1}}]}"))) {
      assertThatThrownBy(() -> items.insertOne(new Document("_id", id)))
          .isInstanceOfSatisfying(
              MongoWriteException.class,
              e -> {
                assertThat(e.getError().getCode()).isEqualTo(52);
                assertThat(e.getError().getMessage())
                    .startsWith("_id fields may not contain '$'-prefixed fields: $")
                    .endsWith(" is not valid for storage.");
              });
    }
    assertThatThrownBy(() -> items.insertOne(new Document("_id", Pattern.compile("x"))))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(53);
              assertThat(e.getError().getMessage())
                  .isEqualTo("The '_id' value cannot be of type regex");
            });
    assertThat(items.countDocuments()).isZero();
  }

  @Test
  void aReplacementWithATopLevelDollarFieldIsRefused() {
    items.insertOne(new Document("_id", 1));
    // The driver's replaceOne refuses such a document itself: the command is sent as it is.
    Document reply =
        db.runCommand(
            Document.parse("{update: 'items', updates: [{q: {_id: 1}, u: {b: 1, $a: 2}}]}"));
    Document error = reply.getList("writeErrors", Document.class).getFirst();
    assertThat(error.getInteger("code")).isEqualTo(52);
    assertThat(error.getString("errmsg"))
        .startsWith("The dollar ($) prefixed field '$a' in '$a' is not allowed");
  }

  @Test
  void filtersMatchEmptyPathComponentsLiterally() {
    items.insertMany(
        List.of(
            Document.parse("{_id: 0, '': 1}"),
            Document.parse("{_id: 1, '': {'': 1}}"),
            Document.parse("{_id: 2, a: {'': 1}}"),
            Document.parse("{_id: 3, a: {'': {b: 1}}}"),
            Document.parse("{_id: 4, '': {a: 1}}")));

    assertThat(ids(Document.parse("{'': 1}"))).containsExactly(0);
    assertThat(ids(Document.parse("{'.': 1}"))).containsExactly(1);
    assertThat(ids(Document.parse("{'a.': {$exists: true}}"))).containsExactly(2, 3);
    assertThat(ids(Document.parse("{'a..b': 1}"))).containsExactly(3);
    assertThat(ids(Document.parse("{'.a': 1}"))).containsExactly(4);
    assertThat(
            items
                .aggregate(List.of(new Document("$match", Document.parse("{'.a': 1}"))))
                .into(new ArrayList<>()))
        .extracting(d -> d.get("_id"))
        .containsExactly(4);
  }

  @Test
  void projectionsAndSortsRefuseEmptyPathComponentsWithFieldPathErrors() {
    items.insertOne(new Document("_id", 1));
    assertRefused(() -> items.find().projection(Document.parse("{'a.': 1}")).first(), 40353);
    assertRefused(() -> items.find().projection(Document.parse("{'a..b': 1}")).first(), 15998);
    assertRefused(() -> items.find().projection(Document.parse("{'.a': 1}")).first(), 15998);
    assertRefused(() -> items.find().sort(Document.parse("{'a.': 1}")).first(), 40353);
    assertRefused(() -> items.find().sort(Document.parse("{'a..b': 1}")).first(), 15998);
    assertRefused(() -> items.find().sort(Document.parse("{'.a': -1}")).first(), 15998);
    assertRefused(
        () -> items.aggregate(List.of(new Document("$sort", Document.parse("{'a.': 1}")))).first(),
        40353);
  }

  private List<Object> ids(Document filter) {
    return items
        .find(filter)
        .sort(new Document("_id", 1))
        .map(d -> d.get("_id"))
        .into(new ArrayList<>());
  }

  private static void assertRefused(Runnable read, int code) {
    assertThatThrownBy(read::run)
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(code));
  }
}
