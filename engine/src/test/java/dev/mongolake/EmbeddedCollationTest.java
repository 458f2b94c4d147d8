package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.Collation;
import com.mongodb.client.model.CollationStrength;
import com.mongodb.client.model.DeleteOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded API's collations: a collection handle's {@code withCollation}, the driver's option
 * types' {@code collation}, and the same answers before and after a flush (the table's statistics
 * and Parquet predicates must not prune what the collation matches).
 */
class EmbeddedCollationTest {

  private static final Collation CASE_INSENSITIVE =
      Collation.builder().locale("en").collationStrength(CollationStrength.SECONDARY).build();

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<Document> words;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    words = lake.db("app").collection("words");
    words.insertMany(
        List.of(
            new Document("_id", 1).append("w", "apple"),
            new Document("_id", 2).append("w", "APPLE"),
            new Document("_id", 3).append("w", "Banana"),
            new Document("_id", 4).append("w", "zebra")));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static List<Integer> ids(Iterable<Document> documents) {
    List<Integer> ids = new ArrayList<>();
    documents.forEach(d -> ids.add(d.getInteger("_id")));
    return ids;
  }

  @Test
  void aHandleWithACollationMatchesAndSortsByIt() {
    MongoLakeCollection<Document> folded =
        words.withCollation(
            dev.mongolake.delta.order.Collation.parse(
                BsonDocument.parse("{locale: 'en', strength: 2}")));
    assertThat(ids(folded.find(eq("w", "Apple")).sort(Sorts.ascending("_id"))))
        .containsExactly(1, 2);
    assertThat(ids(words.find(eq("w", "Apple")))).isEmpty();
    assertThat(ids(folded.find().sort(Sorts.ascending("w", "_id")))).containsExactly(1, 2, 3, 4);
    assertThat(ids(words.find().sort(Sorts.ascending("w", "_id")))).containsExactly(2, 3, 1, 4);
  }

  @Test
  void collatedStringConditionsFindTheSameDocumentsAfterAFlush() {
    lake.flush();
    assertThat(ids(words.find(eq("w", "BANANA")).collation(CASE_INSENSITIVE))).containsExactly(3);
    assertThat(
            ids(
                words
                    .find(com.mongodb.client.model.Filters.lt("w", "B"))
                    .collation(CASE_INSENSITIVE)
                    .sort(Sorts.ascending("_id"))))
        .as("byte-ordered statistics would put 'apple' above 'B'")
        .containsExactly(1, 2);
  }

  @Test
  void theDriversOptionTypesCarryTheirCollation() {
    assertThat(
            words
                .updateMany(
                    eq("w", "Apple"),
                    Updates.set("fruit", true),
                    new UpdateOptions().collation(CASE_INSENSITIVE))
                .getModifiedCount())
        .isEqualTo(2);
    assertThat(
            words
                .deleteOne(eq("w", "ZEBRA"), new DeleteOptions().collation(CASE_INSENSITIVE))
                .getDeletedCount())
        .isEqualTo(1);
    assertThat(words.countDocuments()).isEqualTo(3);
  }

  @Test
  void aPartialIndexChosenByStringsUnderAnotherCollationDoesNotServeTheQuery() {
    words.updateMany(new Document(), Updates.set("n", 1));
    words.createIndex(
        com.mongodb.client.model.Indexes.ascending("n"),
        new com.mongodb.client.model.IndexOptions().partialFilterExpression(eq("w", "apple")));
    assertThat(
            ids(
                words
                    .find(com.mongodb.client.model.Filters.and(eq("n", 1), eq("w", "apple")))
                    .collation(CASE_INSENSITIVE)
                    .sort(Sorts.ascending("_id"))))
        .as("APPLE is not in the index, which holds only the binary 'apple'")
        .containsExactly(1, 2);
  }

  @Test
  void aBadCollationFailsWithMongoDbsCode() {
    assertThatThrownBy(
            () ->
                words
                    .find()
                    .collation(Collation.builder().locale("no-such-locale").build())
                    .first())
        .isInstanceOfSatisfying(
            MongoLakeException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.BAD_VALUE))
        .hasMessageContaining("Field 'locale' is invalid");
  }
}
