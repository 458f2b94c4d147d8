package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
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
 * Through the official Java driver: {@code $currentOp} as the first stage of {@code {aggregate: 1}}
 * on {@code admin} lists the operations in progress (the aggregate itself among them) for the rest
 * of the pipeline; elsewhere, and for what is not tracked, it is refused as MongoDB's is.
 */
class CurrentOpStageWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  @Test
  void theAggregateSeesItselfInProgressAndTheRestOfThePipelineShapesIt() {
    List<Document> operations =
        client
            .getDatabase("admin")
            .aggregate(
                List.of(
                    Document.parse("{$currentOp: {allUsers: true, idleSessions: true}}"),
                    Document.parse("{$match: {'command.aggregate': 1}}"),
                    Document.parse("{$project: {_id: 0, ns: 1, op: 1, active: 1}}")))
            .into(new ArrayList<>());
    assertThat(operations)
        .containsExactly(Document.parse("{ns: 'admin.$cmd', op: 'command', active: true}"));
  }

  @Test
  void outsideAdminOrOnACollectionItIsRefused() {
    MongoCommandException onCollection =
        catchThrowableOfType(
            MongoCommandException.class,
            () ->
                client
                    .getDatabase("app")
                    .getCollection("c")
                    .aggregate(List.of(Document.parse("{$currentOp: {}}")))
                    .first());
    assertThat(onCollection.getErrorCode()).isEqualTo(73);
    assertThat(onCollection.getErrorMessage())
        .isEqualTo("$currentOp must be run against the 'admin' database with {aggregate: 1}");
  }

  @Test
  void optionsAskingForWhatIsNotTrackedAreRefusedByName() {
    MongoCommandException idle =
        catchThrowableOfType(
            MongoCommandException.class,
            () ->
                client
                    .getDatabase("admin")
                    .aggregate(List.of(Document.parse("{$currentOp: {idleConnections: true}}")))
                    .first());
    assertThat(idle.getErrorCode()).isEqualTo(238);
    assertThat(idle.getErrorMessage())
        .isEqualTo("Cannot run $currentOp with idleConnections: true: it is not tracked");
    MongoCommandException unknown =
        catchThrowableOfType(
            MongoCommandException.class,
            () ->
                client
                    .getDatabase("admin")
                    .aggregate(List.of(Document.parse("{$currentOp: {everything: true}}")))
                    .first());
    assertThat(unknown.getErrorCode()).isEqualTo(9);
    assertThat(unknown.getErrorMessage())
        .isEqualTo("Unrecognized option 'everything' in $currentOp stage.");
  }
}
