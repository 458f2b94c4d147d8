package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code $expr} in the filters of find, count, update and delete, and in {@code $match}: compiled
 * once, evaluated per document with aggregation truthiness, over flushed and buffered documents
 * alike.
 */
class ExprInFiltersTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> items;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    items = lake.db("app").collection("items", BsonDocument.class);
    items.insertMany(
        List.of(
            BsonDocument.parse("{_id: 1, flag: true, v: {w: 1}}"),
            BsonDocument.parse("{_id: 2, flag: 0, v: {w: 0}}"),
            BsonDocument.parse("{_id: 3, v: null}")));
    lake.flush();
    items.insertOne(BsonDocument.parse("{_id: 4, flag: 'yes', v: {w: 2}}"));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private List<BsonValue> ids(BsonDocument filter) {
    List<BsonValue> out = new ArrayList<>();
    items.find(filter).sort(BsonDocument.parse("{_id: 1}")).forEach(d -> out.add(d.get("_id")));
    return out;
  }

  @Test
  void whatAnExprEqualityImpliesPrunesTheTablesFilesToo() {
    MongoLakeCollection<BsonDocument> ranged =
        lake.db("app").collection("ranged", BsonDocument.class);
    for (int file = 0; file < 2; file++) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = file * 100; i < file * 100 + 100; i++) {
        documents.add(new BsonDocument("_id", new org.bson.BsonInt32(i)));
      }
      ranged.insertMany(documents);
      lake.flush();
    }
    BsonDocument equality = BsonDocument.parse("{$expr: {$eq: ['$_id', 150]}}");
    BsonDocument in = BsonDocument.parse("{$expr: {$in: ['$_id', [3, 4]]}}");

    assertThat(ranged.find(equality).into(new ArrayList<>()))
        .containsExactly(BsonDocument.parse("{_id: 150}"));
    assertThat(ranged.countDocuments(in)).isEqualTo(2);
    assertThat(ranged.tableScanMetrics(equality, true).orElseThrow().filesSkipped()).isEqualTo(1);
    assertThat(ranged.tableScanMetrics(in, true).orElseThrow().filesSkipped()).isEqualTo(1);
    assertThat(
            ranged
                .tableScanMetrics(BsonDocument.parse("{$expr: {$gt: ['$_id', 150]}}"), true)
                .orElseThrow()
                .filesSkipped())
        .isZero();
  }

  @Test
  void findKeepsTheDocumentsWhoseExpressionIsTruthy() {
    assertThat(ids(BsonDocument.parse("{$expr: '$flag'}")))
        .containsExactly(new org.bson.BsonInt32(1), new org.bson.BsonInt32(4));
    assertThat(ids(BsonDocument.parse("{$expr: {$let: {vars: {w: '$v.w'}, in: '$$w'}}}")))
        .containsExactly(new org.bson.BsonInt32(1), new org.bson.BsonInt32(4));
  }

  @Test
  void exprCombinesWithOtherClausesAndLogicalOperators() {
    assertThat(ids(BsonDocument.parse("{_id: {$gt: 1}, $expr: '$flag'}")))
        .containsExactly(new org.bson.BsonInt32(4));
    assertThat(ids(BsonDocument.parse("{$or: [{_id: 3}, {$expr: '$v.w'}]}")))
        .containsExactly(
            new org.bson.BsonInt32(1), new org.bson.BsonInt32(3), new org.bson.BsonInt32(4));
  }

  @Test
  void countUpdateAndDeleteMatchWithExpr() {
    assertThat(items.countDocuments(BsonDocument.parse("{$expr: '$flag'}"))).isEqualTo(2);
    items.updateMany(
        BsonDocument.parse("{$expr: '$flag'}"), BsonDocument.parse("{$set: {seen: true}}"));
    assertThat(ids(BsonDocument.parse("{seen: true}")))
        .containsExactly(new org.bson.BsonInt32(1), new org.bson.BsonInt32(4));
    items.deleteMany(BsonDocument.parse("{$expr: '$v.w'}"));
    assertThat(ids(new BsonDocument()))
        .containsExactly(new org.bson.BsonInt32(2), new org.bson.BsonInt32(3));
  }

  @Test
  void matchStageEvaluatesExprToo() {
    List<BsonValue> out = new ArrayList<>();
    items
        .aggregate(
            List.of(
                BsonDocument.parse("{$project: {x: '$flag'}}"),
                BsonDocument.parse("{$match: {$expr: '$x'}}")))
        .forEachRemaining(d -> out.add(d.get("_id")));
    assertThat(out).containsExactlyInAnyOrder(new org.bson.BsonInt32(1), new org.bson.BsonInt32(4));
  }

  @Test
  void anEqualityInExprUsesAnIndexAndStillAnswersAsTheExpressionDoes() {
    MongoLakeCollection<BsonDocument> scores =
        lake.db("app").collection("scores", BsonDocument.class);
    scores.insertMany(
        List.of(
            BsonDocument.parse("{_id: 1, n: 7}"),
            BsonDocument.parse("{_id: 2, n: 7.0}"),
            BsonDocument.parse("{_id: 3, n: NumberLong(7)}"),
            // The index holds key 7 for it, but "$n" is the array, not 7.
            BsonDocument.parse("{_id: 4, n: [7]}"),
            BsonDocument.parse("{_id: 5, n: 8}"),
            BsonDocument.parse("{_id: 6}")));
    lake.flush();
    scores.createIndex(new org.bson.Document("n", 1));
    BsonDocument equality = BsonDocument.parse("{$expr: {$eq: ['$n', 7]}}");
    assertThat(scores.plannedIndex(equality, null).getString("name").getValue()).isEqualTo("n_1");
    List<BsonValue> found = new ArrayList<>();
    scores
        .find(equality)
        .sort(BsonDocument.parse("{_id: 1}"))
        .forEach(d -> found.add(d.get("_id")));
    assertThat(found)
        .containsExactly(
            new org.bson.BsonInt32(1), new org.bson.BsonInt32(2), new org.bson.BsonInt32(3));
    BsonDocument in = BsonDocument.parse("{$expr: {$and: [{$in: ['$n', [8, 9]]}, true]}}");
    assertThat(scores.plannedIndex(in, null).getString("name").getValue()).isEqualTo("n_1");
    assertThat(scores.countDocuments(in)).isEqualTo(1);
    // Null in an expression matches null only, never a missing field (the index's null key holds
    // both).
    assertThat(scores.countDocuments(BsonDocument.parse("{$expr: {$eq: ['$n', null]}}"))).isZero();
    assertThat(scores.deleteMany(equality).getDeletedCount()).isEqualTo(3);
    assertThat(scores.countDocuments()).isEqualTo(3);
  }

  @Test
  void anInvalidExpressionFailsEvenWhenNoDocumentIsRead() {
    assertThatThrownBy(() -> ids(BsonDocument.parse("{_id: -1, $expr: {$noSuchOp: 1}}")))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage("Unrecognized expression '$noSuchOp'")
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_PIPELINE_OPERATOR);
  }
}
