package dev.mongolake.server.rest;

import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.server.authz.SecuredServer;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With --auth, a REST route is allowed exactly when the commands it runs are allowed to its user
 * over the wire: 403 with MongoDB's error document otherwise (401 stays for missing or wrong
 * credentials).
 */
class RestAuthorizationTest {

  @TempDir static Path data;
  private static SecuredServer server;
  private static RestClient rest;

  @BeforeAll
  static void start() {
    server = SecuredServer.start(data);
    server.createUser("reader", List.of(role("read", "app")));
    server.createUser("writer", List.of(role("readWrite", "app")));
    server.createUser("monitor", List.of(role("clusterMonitor", "admin")));
    server
        .root()
        .getDatabase("other")
        .runCommand(new Document("insert", "items").append("documents", List.of(new Document())));
    rest = new RestClient(server.server().restUrl().orElseThrow());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static RestClient as(String user) {
    return rest.withBasicAuth(user, SecuredServer.PASSWORD);
  }

  private static void assertForbidden(RestClient.Reply reply, String database) {
    assertThat(reply.status()).isEqualTo(403);
    assertThat(reply.json().getInt32("code").getValue()).isEqualTo(13);
    assertThat(reply.json().getString("codeName").getValue()).isEqualTo("Unauthorized");
    assertThat(reply.json().getString("errmsg").getValue())
        .startsWith("not authorized on " + database + " to ");
  }

  @Test
  void aReadOnlyUsersInsertIsForbidden() {
    assertForbidden(as("reader").post("/api/app/items", "{\"_id\": 1}"), "app");
  }

  @Test
  void aReadWriteUsersInsertIsCreated() {
    assertThat(as("writer").post("/api/app/items", "{\"_id\": \"w1\"}").status()).isEqualTo(201);
  }

  @Test
  void aReaderOfOneDatabaseIsForbiddenAnother() {
    assertThat(as("reader").get("/api/app/items").status()).isEqualTo(200);
    assertForbidden(as("reader").get("/api/other/items"), "other");
  }

  @Test
  void droppingADatabaseNeedsTheRightRole() {
    assertForbidden(as("writer").delete("/api/databases/other"), "other");
  }

  @Test
  void theHistoryRouteNeedsFindLikeTheQueries() {
    assertForbidden(as("monitor").get("/api/other/items/history"), "other");
    assertThat(as("root").get("/api/other/items/history").status()).isEqualTo(200);
  }

  @Test
  void listingDatabasesShowsOnlyThoseTheUserHasPrivilegesOn() {
    RestClient.Reply reply = as("reader").get("/api/databases");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().getArray("databases"))
        .extracting(d -> d.asDocument().getString("name").getValue())
        .doesNotContain("other");
  }

  @Test
  void missingCredentialsStayUnauthenticated() {
    RestClient.Reply reply = rest.get("/api/app/items");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.json().getString("codeName").getValue()).isEqualTo("Unauthorized");
  }
}
