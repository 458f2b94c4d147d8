package dev.mongolake.server.aggregate;

import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Aggregates;
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
 * The privileges the stages reading or writing other collections need, as MongoDB checks them:
 * {@code find} on {@code $lookup}'s {@code from}, {@code insert} and {@code remove} on {@code
 * $out}'s target.
 */
class ForeignStageAccessWithJavaDriverTest {

  @TempDir Path data;
  private SecuredServer server;

  @BeforeEach
  void start() {
    server = SecuredServer.start(data);
    MongoDatabase app = server.root().getDatabase("app");
    app.getCollection("orders").insertOne(Document.parse("{_id: 1, item: 'a'}"));
    app.getCollection("secrets").insertOne(Document.parse("{_id: 1, sku: 'a'}"));
    app.runCommand(
        new Document("createRole", "ordersOnly")
            .append(
                "privileges",
                List.of(
                    new Document(
                            "resource", new Document("db", "app").append("collection", "orders"))
                        .append("actions", List.of("find"))))
            .append("roles", List.of()));
    server.createUser("olga", List.of(role("ordersOnly", "app")));
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
  void lookupNeedsFindOnTheForeignCollection() {
    MongoDatabase app = server.as("olga").getDatabase("app");
    assertThat(app.getCollection("orders").find().into(new ArrayList<>())).hasSize(1);
    assertUnauthorized(
        () ->
            app.getCollection("orders")
                .aggregate(List.of(Aggregates.lookup("secrets", "item", "sku", "j")))
                .into(new ArrayList<>()));
    assertThat(
            server
                .as("rita")
                .getDatabase("app")
                .getCollection("orders")
                .aggregate(List.of(Aggregates.lookup("secrets", "item", "sku", "j")))
                .into(new ArrayList<>()))
        .hasSize(1);
  }

  @Test
  void outNeedsInsertAndRemoveOnTheTarget() {
    assertUnauthorized(
        () ->
            server
                .as("rita")
                .getDatabase("app")
                .getCollection("orders")
                .aggregate(List.of(Aggregates.out("copy")))
                .toCollection());
    server
        .as("walt")
        .getDatabase("app")
        .getCollection("orders")
        .aggregate(List.of(Aggregates.out("copy")))
        .toCollection();
    assertThat(server.root().getDatabase("app").getCollection("copy").countDocuments())
        .isEqualTo(1);
  }
}
