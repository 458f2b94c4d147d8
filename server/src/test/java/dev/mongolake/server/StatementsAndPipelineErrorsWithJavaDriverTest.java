package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import java.nio.file.Path;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Write statements are parsed as MongoDB 8.0's IDL parser parses them (a missing required field
 * fails the whole command with IDLFailedToParse, an unknown one with IDLUnknownField), and a
 * pipeline's failures carry MongoDB's plan executor prefix only when they happen while it runs.
 */
class StatementsAndPipelineErrorsWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    db = local.client().getDatabase("app");
    db.getCollection("c").insertOne(new Document("_id", 1).append("arr", java.util.List.of(1)));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private void assertRefused(String command, int code, String codeName, String message) {
    assertThatThrownBy(() -> db.runCommand(Document.parse(command)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorCodeName()).isEqualTo(codeName);
              assertThat(e.getErrorMessage()).isEqualTo(message);
            });
  }

  @Test
  void aStatementWithoutARequiredFieldFailsTheCommandBeforeAnyStatementRuns() {
    assertRefused(
        "{update: 'c', updates: [{q: {_id: 1}, u: {$set: {x: 1}}}, {q: {}}]}",
        40414,
        "IDLFailedToParse",
        "BSON field 'update.updates.u' is missing but a required field");
    assertRefused(
        "{update: 'c', updates: [{u: {$set: {x: 1}}}]}",
        40414,
        "IDLFailedToParse",
        "BSON field 'update.updates.q' is missing but a required field");
    assertRefused(
        "{delete: 'c', deletes: [{q: {}}]}",
        40414,
        "IDLFailedToParse",
        "BSON field 'delete.deletes.limit' is missing but a required field");
    // Nothing ran: the first update statement did not set x, no delete removed the document.
    assertThat(db.getCollection("c").find().first()).doesNotContainKey("x");
    assertThat(db.getCollection("c").countDocuments()).isEqualTo(1);
  }

  @Test
  void anUnknownStatementFieldIsIdlUnknownField() {
    assertRefused(
        "{update: 'c', updates: [{q: {}, u: {$set: {x: 1}}, foo: 1}]}",
        40415,
        "IDLUnknownField",
        "BSON field 'update.updates.foo' is an unknown field.");
    assertRefused(
        "{delete: 'c', deletes: [{q: {}, limit: 0, foo: 1}]}",
        40415,
        "IDLUnknownField",
        "BSON field 'delete.deletes.foo' is an unknown field.");
  }

  @Test
  void aPullConditionRefusesExprAsMongoDbsPullDoes() {
    Document reply =
        db.runCommand(
            Document.parse(
                "{update: 'c', updates: [{q: {_id: 1}, u: {$pull: {arr: {$expr: {$eq: [1, 1]}}}}}]}"));
    Document error = reply.getList("writeErrors", Document.class).getFirst();
    assertThat(error.getInteger("code")).isEqualTo(224);
    assertThat(error.getString("errmsg")).isEqualTo("$expr is not allowed in this context");
  }

  @Test
  void aFailureWhileThePipelineRunsCarriesThePlanExecutorPrefix() {
    assertRefused(
        "{aggregate: 'c', pipeline: [{$project: {x: {$toInt: '$arr'}}}], cursor: {}}",
        241,
        "ConversionFailure",
        "PlanExecutor error during aggregation :: caused by :: Unsupported conversion from array"
            + " to int in $convert with no onError value");
    // Parsing fails without it.
    assertRefused(
        "{aggregate: 'c', pipeline: [{$bogus: 1}], cursor: {}}",
        40324,
        "Location40324",
        "Unrecognized pipeline stage name: '$bogus'");
  }
}
