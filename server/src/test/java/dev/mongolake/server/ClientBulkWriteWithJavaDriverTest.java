package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.bulk.ClientBulkWriteOptions.clientBulkWriteOptions;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.deleteMany;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.deleteOne;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.insertOne;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.replaceOne;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.updateMany;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.updateOne;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ClientBulkWriteException;
import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.bulk.ClientBulkWriteResult;
import com.mongodb.client.model.bulk.ClientUpdateOneOptions;
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

/**
 * The driver's {@code client.bulkWrite}, which sends MongoDB 8.0's {@code bulkWrite} command: mixed
 * operations across databases, ordered and unordered runs, summary and verbose results.
 */
class ClientBulkWriteWithJavaDriverTest {

  private static final MongoNamespace ITEMS = new MongoNamespace("app", "items");
  private static final MongoNamespace LOG = new MongoNamespace("audit", "log");

  @TempDir Path data;
  private LocalServer local;
  private MongoCollection<Document> items;
  private MongoCollection<Document> log;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    items = local.client().getDatabase("app").getCollection("items");
    log = local.client().getDatabase("audit").getCollection("log");
    items.insertMany(
        List.of(
            new Document("_id", 1).append("qty", 5),
            new Document("_id", 2).append("qty", 10),
            new Document("_id", 3).append("qty", 15)));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private List<Document> all(MongoCollection<Document> collection) {
    return collection.find().sort(Sorts.ascending("_id")).into(new ArrayList<>());
  }

  @Test
  void mixedModelsAcrossTwoDatabasesAllApply() {
    ClientBulkWriteResult result =
        local
            .client()
            .bulkWrite(
                List.of(
                    insertOne(ITEMS, new Document("_id", 4).append("qty", 20)),
                    insertOne(LOG, new Document("_id", "a").append("event", "restock")),
                    updateOne(ITEMS, eq("_id", 1), set("qty", 6)),
                    updateMany(ITEMS, gte("qty", 15), set("big", true)),
                    replaceOne(ITEMS, eq("_id", 2), new Document("qty", 0)),
                    deleteOne(ITEMS, eq("_id", 3)),
                    insertOne(LOG, new Document("_id", "b").append("event", "sale")),
                    deleteMany(LOG, eq("event", "sale"))));

    assertThat(result.getInsertedCount()).isEqualTo(3);
    assertThat(result.getMatchedCount()).isEqualTo(4);
    assertThat(result.getModifiedCount()).isEqualTo(4);
    assertThat(result.getDeletedCount()).isEqualTo(2);
    assertThat(result.getUpsertedCount()).isZero();
    assertThat(result.getVerboseResults()).isEmpty();
    assertThat(all(items))
        .containsExactly(
            new Document("_id", 1).append("qty", 6),
            new Document("_id", 2).append("qty", 0),
            new Document("_id", 4).append("qty", 20).append("big", true));
    assertThat(all(log)).containsExactly(new Document("_id", "a").append("event", "restock"));
  }

  @Test
  void verboseResultsReportEachOperationAndTheUpsertedId() {
    ClientBulkWriteResult result =
        local
            .client()
            .bulkWrite(
                List.of(
                    insertOne(LOG, new Document("_id", "c")),
                    updateOne(
                        ITEMS,
                        eq("_id", 9),
                        set("qty", 1),
                        ClientUpdateOneOptions.clientUpdateOneOptions().upsert(true)),
                    updateOne(ITEMS, eq("_id", 1), set("qty", 5)),
                    deleteMany(ITEMS, gte("qty", 10))),
                clientBulkWriteOptions().verboseResults(true));

    ClientBulkWriteResult.VerboseResults verbose = result.getVerboseResults().orElseThrow();
    assertThat(verbose.getInsertResults().get(0).getInsertedId()).contains(new BsonString("c"));
    assertThat(verbose.getUpdateResults().get(1).getUpsertedId()).contains(new BsonInt32(9));
    // As MongoDB 8.0 reports an upsert: n 1, which the driver reads as the matched count.
    assertThat(verbose.getUpdateResults().get(1).getMatchedCount()).isEqualTo(1);
    assertThat(verbose.getUpdateResults().get(2).getMatchedCount()).isEqualTo(1);
    assertThat(verbose.getUpdateResults().get(2).getModifiedCount()).isZero();
    assertThat(verbose.getUpdateResults().get(2).getUpsertedId()).isEmpty();
    assertThat(verbose.getDeleteResults().get(3).getDeletedCount()).isEqualTo(2);
    assertThat(result.getUpsertedCount()).isEqualTo(1);
    assertThat(result.getMatchedCount()).isEqualTo(1);
    assertThat(items.find(eq("_id", 9)).first()).isEqualTo(new Document("_id", 9).append("qty", 1));
  }

  @Test
  void anOrderedBulkWriteStopsAtTheFirstError() {
    assertThatThrownBy(
            () ->
                local
                    .client()
                    .bulkWrite(
                        List.of(
                            insertOne(LOG, new Document("_id", "d")),
                            insertOne(ITEMS, new Document("_id", 1)),
                            updateOne(ITEMS, eq("_id", 2), set("qty", 99)))))
        .isInstanceOfSatisfying(
            ClientBulkWriteException.class,
            e -> {
              assertThat(e.getWriteErrors()).containsOnlyKeys(1);
              assertThat(e.getWriteErrors().get(1).getCode()).isEqualTo(11000);
              assertThat(e.getWriteErrors().get(1).getMessage()).contains("duplicate key");
              assertThat(e.getPartialResult().orElseThrow().getInsertedCount()).isEqualTo(1);
            });
    assertThat(log.countDocuments()).isEqualTo(1);
    assertThat(items.find(eq("_id", 2)).first())
        .isEqualTo(new Document("_id", 2).append("qty", 10));
  }

  @Test
  void anUnorderedBulkWriteRunsEveryOperationAndReportsEachError() {
    assertThatThrownBy(
            () ->
                local
                    .client()
                    .bulkWrite(
                        List.of(
                            insertOne(ITEMS, new Document("_id", 1)),
                            updateOne(ITEMS, eq("_id", 2), set("qty", 99)),
                            updateOne(ITEMS, eq("_id", 3), set("_id", 30)),
                            insertOne(LOG, new Document("_id", "e"))),
                        clientBulkWriteOptions().ordered(false)))
        .isInstanceOfSatisfying(
            ClientBulkWriteException.class,
            e -> {
              assertThat(e.getWriteErrors()).containsOnlyKeys(0, 2);
              assertThat(e.getWriteErrors().get(0).getCode()).isEqualTo(11000);
              assertThat(e.getWriteErrors().get(2).getCode()).isEqualTo(66);
              ClientBulkWriteResult partial = e.getPartialResult().orElseThrow();
              assertThat(partial.getInsertedCount()).isEqualTo(1);
              assertThat(partial.getModifiedCount()).isEqualTo(1);
            });
    assertThat(items.find(eq("_id", 2)).first())
        .isEqualTo(new Document("_id", 2).append("qty", 99));
    assertThat(log.countDocuments()).isEqualTo(1);
  }

  @Test
  void anUpdateOneWithSortChangesTheFirstMatchInThatOrder() {
    local
        .client()
        .bulkWrite(
            List.of(
                updateOne(
                    ITEMS,
                    gte("qty", 0),
                    set("picked", true),
                    ClientUpdateOneOptions.clientUpdateOneOptions().sort(Sorts.descending("qty"))),
                replaceOne(
                    ITEMS,
                    gte("qty", 0),
                    new Document("qty", -1),
                    com.mongodb.client.model.bulk.ClientReplaceOneOptions.clientReplaceOneOptions()
                        .sort(Sorts.ascending("qty")))));

    assertThat(all(items))
        .containsExactly(
            new Document("_id", 1).append("qty", -1),
            new Document("_id", 2).append("qty", 10),
            new Document("_id", 3).append("qty", 15).append("picked", true));
  }
}
