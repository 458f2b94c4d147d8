package dev.mongolake.server.authz;

import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What users may do about themselves and each other: passwords, the roles they hand out, what they
 * see of users, databases, connections and cursors.
 */
class UserAccessTest {

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
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
  }

  private MongoDatabase admin(String user) {
    return server.as(user).getDatabase("admin");
  }

  @Test
  void aUserChangesItsOwnPasswordOnlyWithChangeOwnPassword() {
    server
        .root()
        .getDatabase("admin")
        .runCommand(
            new Document("createRole", "selfService")
                .append(
                    "privileges",
                    List.of(
                        new Document(
                                "resource", new Document("db", "admin").append("collection", ""))
                            .append("actions", List.of("changeOwnPassword"))))
                .append("roles", List.of()));
    server.createUser("ann", List.of(role("selfService", "admin")));
    server.createUser("bob", List.of(role("read", "app")));

    admin("ann").runCommand(new Document("updateUser", "ann").append("pwd", "new-password"));
    assertUnauthorized(
        () -> admin("ann").runCommand(new Document("updateUser", "bob").append("pwd", "stolen")));
    assertUnauthorized(
        () -> admin("bob").runCommand(new Document("updateUser", "bob").append("pwd", "mine")));

    try (MongoClient renewed = server.connect("ann", "new-password")) {
      assertThat(renewed.getDatabase("admin").runCommand(new Document("ping", 1)).get("ok"))
          .isEqualTo(1.0);
    }
  }

  @Test
  void aUserAdministratorCannotHandOutRolesBeyondItsDatabase() {
    server.createUser("uma", List.of(role("userAdmin", "app")));
    MongoDatabase app = server.as("uma").getDatabase("app");

    app.runCommand(
        new Document("createUser", "appReader")
            .append("pwd", "x")
            .append("roles", List.of(role("read", "app"))));
    assertUnauthorized(
        () ->
            app.runCommand(
                new Document("createUser", "sneaky")
                    .append("pwd", "x")
                    .append("roles", List.of(role("root", "admin")))));
    assertUnauthorized(
        () ->
            app.runCommand(
                new Document("grantRolesToUser", "appReader")
                    .append("roles", List.of(role("readWrite", "other")))));
  }

  @Test
  void anyoneSeesTheirOwnUserAndTheirOwnRoles() {
    server.createUser("ann", List.of(role("read", "app")));

    Document self =
        admin("ann")
            .runCommand(new Document("usersInfo", "ann"))
            .getList("users", Document.class)
            .getFirst();
    assertThat(self.getList("roles", Document.class)).containsExactly(role("read", "app"));
    assertThat(
            server
                .as("ann")
                .getDatabase("app")
                .runCommand(new Document("rolesInfo", "read"))
                .getList("roles", Document.class))
        .hasSize(1);
    assertUnauthorized(() -> admin("ann").runCommand(new Document("usersInfo", "root")));
    assertUnauthorized(() -> admin("ann").runCommand(new Document("usersInfo", 1)));
  }

  @Test
  void grantsAndDroppedUsersApplyToConnectionsAlreadyOpen() {
    server.createUser("ann", List.of(role("read", "app")));
    MongoDatabase asAnn = server.as("ann").getDatabase("app");
    Document insert = new Document("insert", "items").append("documents", List.of(new Document()));
    assertUnauthorized(() -> asAnn.runCommand(insert));

    server
        .root()
        .getDatabase("admin")
        .runCommand(
            new Document("grantRolesToUser", "ann")
                .append("roles", List.of(role("readWrite", "app"))));
    asAnn.runCommand(insert);

    server.root().getDatabase("admin").runCommand(new Document("dropUser", "ann"));
    assertUnauthorized(() -> asAnn.runCommand(new Document("find", "items")));
  }

  @Test
  void listDatabasesShowsAUserTheDatabasesItHasPrivilegesOn() {
    server
        .root()
        .getDatabase("app")
        .runCommand(new Document("insert", "items").append("documents", List.of(new Document())));
    server
        .root()
        .getDatabase("other")
        .runCommand(new Document("insert", "items").append("documents", List.of(new Document())));
    server.createUser("ann", List.of(role("read", "app")));

    List<Document> visible =
        admin("ann")
            .runCommand(new Document("listDatabases", 1).append("nameOnly", true))
            .getList("databases", Document.class);

    assertThat(visible).extracting(d -> d.getString("name")).containsExactly("app");
    assertThat(server.as("ann").listDatabaseNames()).containsExactly("app");
    assertThat(server.root().listDatabaseNames()).contains("app", "other");
  }

  @Test
  void connectionStatusListsTheUsersTheirRolesAndOnRequestTheirPrivileges() {
    server.createUser("ann", List.of(role("read", "app")));

    Document authInfo =
        admin("ann")
            .runCommand(new Document("connectionStatus", 1).append("showPrivileges", true))
            .get("authInfo", Document.class);

    assertThat(authInfo.getList("authenticatedUsers", Document.class))
        .containsExactly(new Document("user", "ann").append("db", "admin"));
    assertThat(authInfo.getList("authenticatedUserRoles", Document.class))
        .containsExactly(role("read", "app"));
    Document privilege = authInfo.getList("authenticatedUserPrivileges", Document.class).getFirst();
    assertThat(privilege.get("resource"))
        .isEqualTo(new Document("db", "app").append("collection", ""));
    assertThat(privilege.getList("actions", String.class)).contains("find", "listCollections");
  }

  @Test
  void aCursorIsContinuedAndKilledOnlyByTheUserWhoOpenedIt() {
    MongoDatabase rootApp = server.root().getDatabase("app");
    for (int i = 0; i < 5; i++) {
      rootApp.runCommand(
          new Document("insert", "items").append("documents", List.of(new Document("_id", i))));
    }
    server.createUser("ann", List.of(role("read", "app")));
    server.createUser("bob", List.of(role("read", "app")));
    long cursor =
        server
            .as("ann")
            .getDatabase("app")
            .runCommand(new Document("find", "items").append("batchSize", 2))
            .get("cursor", Document.class)
            .getLong("id");
    MongoDatabase asBob = server.as("bob").getDatabase("app");

    assertThatThrownBy(
            () -> asBob.runCommand(new Document("getMore", cursor).append("collection", "items")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(13);
              assertThat(e.getErrorMessage())
                  .isEqualTo("cursor id " + cursor + " was not created by the authenticated user");
            });
    assertUnauthorized(
        () ->
            asBob.runCommand(
                new Document("killCursors", "items").append("cursors", List.of(cursor))));
    Document next =
        server
            .as("ann")
            .getDatabase("app")
            .runCommand(new Document("getMore", cursor).append("collection", "items"))
            .get("cursor", Document.class);
    assertThat(next.getList("nextBatch", Document.class)).hasSize(3);
  }

  @Test
  void explainNeedsWhatTheExplainedCommandNeeds() {
    server.createUser("ann", List.of(role("read", "app")));
    MongoDatabase asAnn = server.as("ann").getDatabase("app");

    asAnn.runCommand(new Document("explain", new Document("find", "items")));
    assertUnauthorized(
        () ->
            asAnn.runCommand(
                new Document(
                    "explain",
                    new Document("delete", "items")
                        .append(
                            "deletes",
                            List.of(new Document("q", new Document()).append("limit", 0))))));
  }

  @Test
  void currentOpNamesTheUsersRunningEachCommand() {
    server.createUser("ann", List.of(role("clusterMonitor", "admin")));

    Document own =
        admin("ann")
            .runCommand(new Document("currentOp", 1).append("$ownOps", true))
            .getList("inprog", Document.class)
            .getFirst();

    assertThat(own.getList("effectiveUsers", Document.class))
        .containsExactly(new Document("user", "ann").append("db", "admin"));
  }

  @Test
  void aDeniedCommandIsNamedWithoutItsPassword() {
    server.createUser("ann", List.of(role("read", "app")));

    assertThatThrownBy(
            () ->
                admin("ann")
                    .runCommand(
                        new Document("createUser", "eve")
                            .append("pwd", "top-secret")
                            .append("roles", List.of("root"))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e ->
                assertThat(e.getErrorMessage())
                    .startsWith(
                        "not authorized on admin to execute command { createUser: \"eve\", pwd:"
                            + " \"xxx\", roles: [ \"root\" ]")
                    .doesNotContain("top-secret"));
  }
}
