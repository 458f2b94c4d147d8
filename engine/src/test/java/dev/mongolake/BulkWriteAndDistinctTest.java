package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.bulk.BulkWriteInsert;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.BulkWriteUpsert;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.DeleteManyModel;
import com.mongodb.client.model.DeleteOneModel;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.UpdateManyModel;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.WriteModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BulkWriteAndDistinctTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<Document> items;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    items = lake.db("app").collection("items");
  }

  @AfterEach
  void close() {
    lake.close();
  }

  @Test
  void bulkWriteRunsEveryKindOfOperationInOrderAndCountsThem() {
    List<WriteModel<Document>> requests =
        List.of(
            new InsertOneModel<>(new Document("_id", 1).append("n", 1)),
            new InsertOneModel<>(new Document("_id", 2).append("n", 2)),
            new UpdateOneModel<>(eq("_id", 1), inc("n", 10)),
            new InsertOneModel<>(new Document("_id", 3).append("n", 3)),
            new UpdateManyModel<>(gt("n", 2), set("big", true)),
            new UpdateOneModel<>(eq("_id", 9), set("n", 9), new UpdateOptions().upsert(true)),
            new ReplaceOneModel<>(eq("_id", 2), new Document("n", 20)),
            new DeleteOneModel<>(eq("_id", 3)),
            new DeleteManyModel<>(eq("big", true)));

    BulkWriteResult result = items.bulkWrite(requests);

    assertThat(result.getInsertedCount()).isEqualTo(3);
    assertThat(result.getInserts())
        .containsExactly(
            new BulkWriteInsert(0, new BsonInt32(1)),
            new BulkWriteInsert(1, new BsonInt32(2)),
            new BulkWriteInsert(3, new BsonInt32(3)));
    assertThat(result.getUpserts()).containsExactly(new BulkWriteUpsert(5, new BsonInt32(9)));
    // update _id 1, update many {1, 3}, replace _id 2
    assertThat(result.getMatchedCount()).isEqualTo(4);
    assertThat(result.getModifiedCount()).isEqualTo(4);
    // _id 3, then _id 1 (big)
    assertThat(result.getDeletedCount()).isEqualTo(2);
    assertThat(items.find().into(new ArrayList<>()))
        .containsExactlyInAnyOrder(
            new Document("_id", 2).append("n", 20), new Document("_id", 9).append("n", 9));
  }

  @Test
  void orderedBulkWriteStopsAtTheFirstFailureAndReportsItsIndex() {
    items.insertOne(new Document("_id", 1));
    List<WriteModel<Document>> requests =
        List.of(
            new InsertOneModel<>(new Document("_id", 2)),
            new InsertOneModel<>(new Document("_id", 1)),
            new InsertOneModel<>(new Document("_id", 3)),
            new DeleteOneModel<>(eq("_id", 2)));

    assertThatThrownBy(() -> items.bulkWrite(requests))
        .isInstanceOfSatisfying(
            MongoLakeBulkWriteException.class,
            e -> {
              assertThat(e.errors()).hasSize(1);
              assertThat(e.errors().getFirst().index()).isEqualTo(1);
              assertThat(e.errors().getFirst().code()).isEqualTo(ErrorCode.DUPLICATE_KEY);
              assertThat(e.partialResult().getInsertedCount()).isEqualTo(1);
              assertThat(e.partialResult().getDeletedCount()).isZero();
            });
    assertThat(items.countDocuments()).isEqualTo(2);
  }

  @Test
  void unorderedBulkWriteRunsEveryOperationAndReportsEachFailure() {
    items.insertOne(new Document("_id", 1));
    List<WriteModel<Document>> requests =
        List.of(
            new InsertOneModel<>(new Document("_id", 1)),
            new UpdateOneModel<>(eq("_id", 1), new Document("$bogus", new Document("a", 1))),
            new InsertOneModel<>(new Document("_id", 3)),
            new DeleteOneModel<>(eq("_id", 1)));

    assertThatThrownBy(() -> items.bulkWrite(requests, new BulkWriteOptions().ordered(false)))
        .isInstanceOfSatisfying(
            MongoLakeBulkWriteException.class,
            e -> {
              assertThat(e.errors())
                  .extracting(MongoLakeWriteException.WriteError::index)
                  .containsExactly(0, 1);
              assertThat(e.partialResult().getInsertedCount()).isEqualTo(1);
              assertThat(e.partialResult().getDeletedCount()).isEqualTo(1);
            });
    assertThat(items.find().into(new ArrayList<>())).containsExactly(new Document("_id", 3));
  }

  @Test
  void emptyBulkWriteIsRefusedLikeMongoDb() {
    assertThatThrownBy(() -> items.bulkWrite(List.of()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_LENGTH));
  }

  @Test
  void distinctUnwindsArraysWalksArraysOfDocumentsAndCountsEqualNumbersOnce() {
    items.insertMany(
        List.of(
            Document.parse("{tags: ['a', 'b'], n: 1, sizes: [{s: 'S'}, {s: 'M'}]}"),
            Document.parse("{tags: 'b', n: 1.0, sizes: [{s: 'M'}]}"),
            Document.parse("{tags: [['x']], n: {$numberLong: '2'}}"),
            Document.parse("{other: true}")));

    assertThat(items.distinct("tags", new Document(), Object.class))
        .containsExactly("a", "b", List.of("x"));
    assertThat(items.distinct("n", new Document(), Number.class)).hasSize(2);
    assertThat(items.distinct("sizes.s", new Document(), String.class)).containsExactly("M", "S");
    assertThat(items.distinct("tags", eq("n", 3), BsonString.class)).isEmpty();
  }
}
