package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.DeleteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: {@code $expr} in find, count, update and delete filters, the
 * commands' {@code let} variables, and pipeline-style updates in update and findAndModify, with the
 * manual's examples.
 */
class ExprLetAndPipelineUpdatesWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> budgets;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    budgets = client.getDatabase("app").getCollection("monthlyBudget");
    // The manual's $expr example.
    budgets.insertMany(
        List.of(
            Document.parse("{_id: 1, category: 'food', budget: 400, spent: 450}"),
            Document.parse("{_id: 2, category: 'drinks', budget: 100, spent: 150}"),
            Document.parse("{_id: 3, category: 'clothes', budget: 100, spent: 50}"),
            Document.parse("{_id: 4, category: 'misc', budget: 500, spent: 300}"),
            Document.parse("{_id: 5, category: 'travel', budget: 200, spent: 650}")));
    server.lake().flush();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private List<Object> ids(Iterable<Document> documents) {
    List<Object> out = new ArrayList<>();
    documents.forEach(d -> out.add(d.get("_id")));
    return out;
  }

  @Test
  void exprComparesTwoFieldsOfTheSameDocument() {
    assertThat(
            ids(
                budgets
                    .find(Document.parse("{$expr: {$gt: ['$spent', '$budget']}}"))
                    .sort(Document.parse("{_id: 1}"))))
        .containsExactly(1, 2, 5);
    assertThat(budgets.countDocuments(Document.parse("{$expr: {$lt: ['$spent', '$budget']}}")))
        .isEqualTo(2);
  }

  @Test
  void letVariablesReachTheFiltersOfFindUpdateAndDelete() {
    Document command =
        client
            .getDatabase("app")
            .runCommand(
                Document.parse(
                    "{find: 'monthlyBudget', filter: {$expr: {$eq: ['$category', '$$wanted']}},"
                        + " let: {wanted: 'misc'}}"));
    List<?> batch = command.get("cursor", Document.class).getList("firstBatch", Document.class);
    assertThat(batch).hasSize(1);
    budgets.updateMany(
        Document.parse("{$expr: {$gte: ['$spent', '$$limit']}}"),
        Document.parse("{$set: {flagged: true}}"),
        new UpdateOptions().let(Document.parse("{limit: 450}")));
    assertThat(
            ids(budgets.find(Document.parse("{flagged: true}")).sort(Document.parse("{_id: 1}"))))
        .containsExactly(1, 5);
    budgets.deleteMany(
        Document.parse("{$expr: {$eq: ['$_id', '$$gone']}}"),
        new DeleteOptions().let(Document.parse("{gone: 3}")));
    assertThat(budgets.countDocuments()).isEqualTo(4);
  }

  @Test
  void letVariablesReachFindsComputedProjection() {
    Document command =
        client
            .getDatabase("app")
            .runCommand(
                Document.parse(
                    "{find: 'monthlyBudget', filter: {_id: 3}, projection: {_id: 0, over:"
                        + " {$subtract: ['$spent', '$$allowance']}}, let: {allowance: 20}}"));
    assertThat(command.get("cursor", Document.class).getList("firstBatch", Document.class))
        .containsExactly(Document.parse("{over: 30}"));
  }

  @Test
  void pipelineUpdatesComputeFromTheDocument() {
    budgets.updateMany(
        new Document(),
        List.of(
            Document.parse("{$set: {left: {$subtract: ['$budget', '$spent']}}}"),
            Document.parse("{$unset: 'category'}")));
    Document food = budgets.find(Document.parse("{_id: 1}")).first();
    assertThat(food).isEqualTo(Document.parse("{_id: 1, budget: 400, spent: 450, left: -50}"));
    Document after =
        budgets.findOneAndUpdate(
            Document.parse("{_id: 4}"),
            List.of(Document.parse("{$set: {spent: {$add: ['$spent', '$$extra']}}}")),
            new FindOneAndUpdateOptions()
                .returnDocument(ReturnDocument.AFTER)
                .let(Document.parse("{extra: 25}")));
    assertThat(after.getInteger("spent")).isEqualTo(325);
  }

  @Test
  void aPipelineUpdateMayNotChangeTheId() {
    assertThatThrownBy(
            () ->
                budgets.updateOne(
                    Document.parse("{_id: 2}"), List.of(Document.parse("{$set: {_id: 9}}"))))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getError().getCode()).isEqualTo(66);
              assertThat(e.getError().getMessage())
                  .isEqualTo(
                      "Performing an update on the path '_id' would modify the immutable field"
                          + " '_id'");
            });
  }

  @Test
  void anUnknownOperatorInExprIsRefusedByName() {
    assertThatThrownBy(
            () -> budgets.find(Document.parse("{$expr: {$frobnicate: ['$spent']}}")).first())
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(168);
              assertThat(e.getErrorMessage()).isEqualTo("Unrecognized expression '$frobnicate'");
            });
  }
}
