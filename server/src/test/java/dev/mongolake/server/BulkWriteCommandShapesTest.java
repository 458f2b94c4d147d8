package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code bulkWrite} command as a client sees it on the wire: MongoDB 8.0's reply (a cursor of
 * per-operation results and the counts), {@code errorsOnly}, a results cursor continued with {@code
 * getMore}, and its refusals, each with MongoDB's code and message.
 */
class BulkWriteCommandShapesTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase admin;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    admin = local.client().getDatabase("admin");
    local
        .client()
        .getDatabase("app")
        .getCollection("c")
        .insertMany(List.of(new Document("_id", 1).append("v", 1), new Document("_id", 2)));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private static Document bulkWrite(List<Document> ops) {
    return new Document("bulkWrite", 1)
        .append("ops", ops)
        .append("nsInfo", List.of(new Document("ns", "app.c"), new Document("ns", "other.d")));
  }

  private static Document insert(int ns, Document document) {
    return new Document("insert", ns).append("document", document);
  }

  private static Document update(int ns, Document filter, Object mods) {
    return new Document("update", ns).append("filter", filter).append("updateMods", mods);
  }

  private static Document set(String field, Object value) {
    return new Document("$set", new Document(field, value));
  }

  private void assertRefused(Document command, int code, String message) {
    assertThatThrownBy(() -> admin.runCommand(command))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorMessage()).isEqualTo(message);
            });
  }

  @Test
  void theReplyIsACursorOfResultsAndTheCounts() {
    Document reply =
        admin.runCommand(
            bulkWrite(
                List.of(
                    insert(0, new Document("_id", 10)),
                    update(0, new Document("_id", 1), set("v", 2)),
                    update(0, new Document("_id", 77), set("v", 7)).append("upsert", true),
                    new Document("delete", 0).append("filter", new Document("_id", 2)),
                    insert(1, new Document("_id", 20)))));

    Document cursor = reply.get("cursor", Document.class);
    assertThat(cursor.get("id")).isEqualTo(0L);
    assertThat(cursor.getString("ns")).isEqualTo("admin.$cmd.bulkWrite");
    assertThat(cursor.getList("firstBatch", Document.class))
        .containsExactly(
            Document.parse("{ok: 1.0, idx: 0, n: 1}"),
            Document.parse("{ok: 1.0, idx: 1, n: 1, nModified: 1}"),
            Document.parse("{ok: 1.0, idx: 2, n: 1, nModified: 0, upserted: {_id: 77}}"),
            Document.parse("{ok: 1.0, idx: 3, n: 1}"),
            Document.parse("{ok: 1.0, idx: 4, n: 1}"));
    assertThat(reply)
        .containsEntry("nErrors", 0)
        .containsEntry("nInserted", 2)
        .containsEntry("nMatched", 1)
        .containsEntry("nModified", 1)
        .containsEntry("nUpserted", 1)
        .containsEntry("nDeleted", 1);
    assertThat(local.client().getDatabase("other").getCollection("d").countDocuments())
        .isEqualTo(1);
  }

  @Test
  void errorsOnlyKeepsOnlyTheFailuresAndEveryCount() {
    Document reply =
        admin.runCommand(
            bulkWrite(
                    List.of(
                        insert(0, new Document("_id", 11)),
                        insert(0, new Document("_id", 1)),
                        update(0, new Document("_id", 2), set("v", 3))))
                .append("ordered", false)
                .append("errorsOnly", true));

    List<Document> results =
        reply.get("cursor", Document.class).getList("firstBatch", Document.class);
    assertThat(results).hasSize(1);
    assertThat(results.getFirst())
        .containsEntry("ok", 0.0)
        .containsEntry("idx", 1)
        .containsEntry("code", 11000)
        .containsEntry("keyValue", new Document("_id", 1))
        .containsEntry("n", 0);
    assertThat(reply)
        .containsEntry("nErrors", 1)
        .containsEntry("nInserted", 1)
        .containsEntry("nModified", 1);
  }

  @Test
  void aFailedUpdateSaysNothingWasModified() {
    Document reply = admin.runCommand(bulkWrite(List.of(update(0, new Document(), set("_id", 5)))));

    Document result =
        reply.get("cursor", Document.class).getList("firstBatch", Document.class).getFirst();
    assertThat(result)
        .containsEntry("ok", 0.0)
        .containsEntry("code", 66)
        .containsEntry("n", 0)
        .containsEntry("nModified", 0);
  }

  @Test
  void resultsBeyondTheBatchSizeComeFromGetMore() {
    Document reply =
        admin.runCommand(
            bulkWrite(
                    List.of(
                        insert(0, new Document("_id", 12)),
                        insert(0, new Document("_id", 13)),
                        insert(0, new Document("_id", 14))))
                .append("cursor", new Document("batchSize", 1)));

    Document cursor = reply.get("cursor", Document.class);
    assertThat(cursor.getList("firstBatch", Document.class)).hasSize(1);
    Document more =
        admin.runCommand(
            new Document("getMore", cursor.getLong("id")).append("collection", "$cmd.bulkWrite"));
    assertThat(more.get("cursor", Document.class).getList("nextBatch", Document.class))
        .extracting(d -> d.getInteger("idx"))
        .containsExactly(1, 2);
  }

  @Test
  void anUpdateWithSortAndMultiFailsAsAnOperation() {
    Document reply =
        admin.runCommand(
            bulkWrite(
                List.of(
                    update(0, new Document(), set("w", 1))
                        .append("multi", true)
                        .append("sort", new Document("v", 1)),
                    insert(0, new Document("_id", 15)))));

    Document result =
        reply.get("cursor", Document.class).getList("firstBatch", Document.class).getFirst();
    assertThat(result)
        .containsEntry("code", 9)
        .containsEntry("errmsg", "Cannot specify sort with multi=true");
    assertThat(reply).containsEntry("nErrors", 1).containsEntry("nInserted", 0);
  }

  @Test
  void malformedRequestsFailTheCommandAsMongoDbParsesThem() {
    Document one = insert(0, new Document("_id", 16));
    assertRefused(
        new Document("bulkWrite", 1).append("ops", List.of(one)),
        40414,
        "BSON field 'bulkWrite.nsInfo' is missing but a required field");
    assertRefused(
        bulkWrite(List.of()),
        16,
        "Write batch sizes must be between 1 and 100000. Got 0 operations.");
    assertRefused(
        bulkWrite(List.of(insert(5, new Document("_id", 1)))),
        2,
        "BulkWrite ops entry { insert: 5, document: { _id: 1 } } has an invalid nsInfo index.");
    assertRefused(
        bulkWrite(List.of(new Document("insert", 0))),
        40414,
        "BSON field 'bulkWrite.ops.document' is missing but a required field");
    assertRefused(
        bulkWrite(List.of(new Document("update", 0).append("updateMods", set("v", 1)))),
        40414,
        "BSON field 'bulkWrite.ops.filter' is missing but a required field");
    assertRefused(
        bulkWrite(List.of(new Document("frobnicate", 0))),
        40415,
        "BSON field 'bulkWrite.frobnicate' is an unknown field.");
    assertRefused(
        bulkWrite(List.of(insert(-1, new Document()))),
        2,
        "BSON field 'insert' value must be >= 0, actual value '-1'");
    assertRefused(
        new Document("bulkWrite", 1)
            .append("ops", List.of(one))
            .append("nsInfo", List.of(new Document("ns", "nodot"))),
        73,
        "Invalid namespace specified for bulkWrite: 'nodot'");
    assertRefused(
        bulkWrite(List.of(one)).append("bogus", 1),
        40415,
        "BSON field 'bulkWrite.bogus' is an unknown field.");
    assertThat(local.client().getDatabase("app").getCollection("c").countDocuments()).isEqualTo(2);
  }

  @Test
  void optionsNotImplementedAreRefusedByName() {
    Document one = insert(0, new Document("_id", 17));
    assertRefused(
        bulkWrite(
            List.of(
                update(0, new Document(), List.of(new Document("$set", new Document("v", "$$x"))))
                    .append("constants", new Document("x", 1)))),
        238,
        "Cannot run bulkWrite.ops with 'constants': this option is not supported yet");
    assertThat(admin.runCommand(bulkWrite(List.of(one)).append("bypassDocumentValidation", false)))
        .containsEntry("nInserted", 1);
  }

  @Test
  void bypassDocumentValidationSkipsTheValidatorsOfEveryNamespaceOnlyWhenAsked() {
    local
        .client()
        .getDatabase("app")
        .runCommand(
            new Document("create", "valid")
                .append("validator", new Document("v", new Document("$type", "int"))));
    Document invalid = insert(0, new Document("_id", 1).append("v", "text"));
    Document failed =
        admin.runCommand(
            new Document("bulkWrite", 1)
                .append("ops", List.of(invalid))
                .append("nsInfo", List.of(new Document("ns", "app.valid"))));
    Document bypassed =
        admin.runCommand(
            new Document("bulkWrite", 1)
                .append("ops", List.of(invalid))
                .append("nsInfo", List.of(new Document("ns", "app.valid")))
                .append("bypassDocumentValidation", true));

    assertThat(failed).containsEntry("nErrors", 1).containsEntry("nInserted", 0);
    assertThat(
            failed.get("cursor", Document.class).getList("firstBatch", Document.class).getFirst())
        .containsEntry("code", 121);
    assertThat(bypassed).containsEntry("nErrors", 0).containsEntry("nInserted", 1);
    assertThat(local.client().getDatabase("app").getCollection("valid").countDocuments())
        .isEqualTo(1);
  }

  @Test
  void itRunsOnlyOnTheAdminDatabase() {
    assertThatThrownBy(
            () ->
                local
                    .client()
                    .getDatabase("app")
                    .runCommand(bulkWrite(List.of(insert(0, new Document("_id", 18))))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(13);
              assertThat(e.getErrorMessage())
                  .isEqualTo("bulkWrite may only be run against the admin database.");
            });
  }

  @Test
  void letVariablesReachFiltersAndPipelineUpdates() {
    admin.runCommand(
        bulkWrite(
                List.of(
                    update(
                        0,
                        new Document("$expr", new Document("$eq", List.of("$_id", "$$target"))),
                        List.of(new Document("$set", new Document("v", "$$value"))))))
            .append("let", new Document("target", 2).append("value", "set by let")));

    assertThat(
            local
                .client()
                .getDatabase("app")
                .getCollection("c")
                .find(new Document("_id", 2))
                .first())
        .isEqualTo(new Document("_id", 2).append("v", "set by let"));
  }
}
