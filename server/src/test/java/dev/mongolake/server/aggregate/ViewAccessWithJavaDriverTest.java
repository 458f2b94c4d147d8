package dev.mongolake.server.aggregate;

import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.server.authz.SecuredServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The privileges views and {@code $indexStats} need, as MongoDB checks them: {@code
 * createCollection} on the database to create a view, {@code indexStats} to read index statistics.
 */
class ViewAccessWithJavaDriverTest {

  @TempDir Path data;
  private SecuredServer server;

  @BeforeEach
  void start() {
    server = SecuredServer.start(data);
    server.root().getDatabase("app").getCollection("orders").insertOne(Document.parse("{_id: 1}"));
    server.createUser("rita", List.of(role("read", "app")));
    server.createUser("walt", List.of(role("readWrite", "app")));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static void assertUnauthorized(Runnable command) {
    assertThatThrownBy(command::run)
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
  }

  @Test
  void createViewNeedsCreateCollectionOnTheDatabase() {
    MongoDatabase asReader = server.as("rita").getDatabase("app");
    assertUnauthorized(() -> asReader.createView("v", "orders", List.of()));

    server.as("walt").getDatabase("app").createView("v", "orders", List.of());

    assertThat(asReader.getCollection("v").find().into(new ArrayList<>()))
        .containsExactly(new Document("_id", 1));
  }

  @Test
  void indexStatsNeedsTheIndexStatsAction() {
    assertUnauthorized(
        () ->
            server
                .as("rita")
                .getDatabase("app")
                .getCollection("orders")
                .aggregate(List.of(new Document("$indexStats", new Document())))
                .first());

    assertThat(
            server
                .root()
                .getDatabase("app")
                .getCollection("orders")
                .aggregate(List.of(new Document("$indexStats", new Document())))
                .into(new ArrayList<>()))
        .extracting(d -> d.getString("name"))
        .containsExactly("_id_");
  }
}
