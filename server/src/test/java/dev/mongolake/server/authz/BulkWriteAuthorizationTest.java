package dev.mongolake.server.authz;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.deleteOne;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.insertOne;
import static com.mongodb.client.model.bulk.ClientNamespacedWriteModel.updateOne;
import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoNamespace;
import com.mongodb.MongoServerException;
import com.mongodb.client.model.bulk.ClientUpdateOneOptions;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bulkWrite} needs the write actions of its operations on every namespace it names, as in
 * MongoDB: a refused command writes nothing, not even to the namespaces the user may write.
 */
class BulkWriteAuthorizationTest {

  private static final MongoNamespace APP_X = new MongoNamespace("app", "x");
  private static final MongoNamespace OTHER_X = new MongoNamespace("other", "x");

  @TempDir Path data;
  private SecuredServer server;

  @BeforeEach
  void start() {
    server = SecuredServer.start(data);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static void assertUnauthorized(Runnable command) {
    assertThatThrownBy(command::run)
        .isInstanceOfSatisfying(
            MongoServerException.class, e -> assertThat(e.getCode()).isEqualTo(13));
  }

  @Test
  void aReadWriteUserOfOneDatabaseCannotWriteAnother() {
    server.createUser("rw", List.of(role("readWrite", "app")));

    server.as("rw").bulkWrite(List.of(insertOne(APP_X, new Document("_id", 1))));
    assertUnauthorized(
        () ->
            server
                .as("rw")
                .bulkWrite(
                    List.of(
                        insertOne(APP_X, new Document("_id", 2)),
                        insertOne(OTHER_X, new Document("_id", 2)))));

    assertThat(server.root().getDatabase("app").getCollection("x").countDocuments()).isEqualTo(1);
    assertThat(server.root().getDatabase("other").getCollection("x").countDocuments()).isZero();
  }

  @Test
  void eachOperationNeedsItsOwnAction() {
    server
        .root()
        .getDatabase("admin")
        .runCommand(
            new Document("createRole", "updater")
                .append(
                    "privileges",
                    List.of(
                        new Document(
                                "resource", new Document("db", "app").append("collection", "x"))
                            .append("actions", List.of("update"))))
                .append("roles", List.of()));
    server.createUser("up", List.of(role("updater", "admin")));
    server.root().getDatabase("app").getCollection("x").insertOne(new Document("_id", 1));

    server.as("up").bulkWrite(List.of(updateOne(APP_X, eq("_id", 1), set("v", 1))));
    assertUnauthorized(
        () ->
            server
                .as("up")
                .bulkWrite(
                    List.of(
                        updateOne(
                            APP_X,
                            eq("_id", 2),
                            set("v", 2),
                            ClientUpdateOneOptions.clientUpdateOneOptions().upsert(true)))));
    assertUnauthorized(() -> server.as("up").bulkWrite(List.of(deleteOne(APP_X, eq("_id", 1)))));

    assertThat(
            server
                .root()
                .getDatabase("app")
                .getCollection("x")
                .find()
                .into(new java.util.ArrayList<>()))
        .containsExactly(new Document("_id", 1).append("v", 1));
  }

  @Test
  void bypassingValidationNeedsItsAction() {
    server.createUser("rw", List.of(role("readWrite", "app")));

    assertThatThrownBy(
            () ->
                server
                    .as("rw")
                    .getDatabase("admin")
                    .runCommand(
                        new Document("bulkWrite", 1)
                            .append(
                                "ops",
                                List.of(
                                    new Document("insert", 0)
                                        .append("document", new Document("_id", 3))))
                            .append("nsInfo", List.of(new Document("ns", "app.x")))
                            .append("bypassDocumentValidation", true)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
  }
}
