package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: while the server reports a standalone, {@code watch()} on a
 * collection, a database and the deployment is refused as a standalone {@code mongod} refuses it
 * (40573), not as an unknown stage.
 */
class ChangeStreamsOnAStandaloneWithJavaDriverTest {

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
    client.getDatabase("app").getCollection("items").insertOne(new Document("_id", 1));
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  @Test
  void watchAnswersThatChangeStreamsNeedAReplicaSet() {
    List<Runnable> watches =
        List.of(
            () -> client.getDatabase("app").getCollection("items").watch().iterator(),
            () -> client.getDatabase("app").watch().iterator(),
            () -> client.watch().iterator());
    for (Runnable watch : watches) {
      assertThatThrownBy(watch::run)
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(40573);
                assertThat(e.getErrorMessage())
                    .isEqualTo("The $changeStream stage is only supported on replica sets");
              });
    }
  }
}
