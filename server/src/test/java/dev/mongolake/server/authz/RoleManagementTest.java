package dev.mongolake.server.authz;

import static dev.mongolake.server.authz.SecuredServer.role;
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

/** User-defined roles: defined, inherited, changed and dropped as MongoDB does it. */
class RoleManagementTest {

  @TempDir Path data;
  private SecuredServer server;
  private MongoDatabase app;

  @BeforeEach
  void start() {
    server = SecuredServer.start(data);
    app = server.root().getDatabase("app");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static Document privilege(String db, String collection, String... actions) {
    return new Document("resource", new Document("db", db).append("collection", collection))
        .append("actions", List.of(actions));
  }

  private void createRole(String name, List<Document> privileges, List<Object> roles) {
    app.runCommand(
        new Document("createRole", name).append("privileges", privileges).append("roles", roles));
  }

  private static void assertFails(Runnable command, int code, String codeName, String message) {
    assertThatThrownBy(command::run)
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorCodeName()).isEqualTo(codeName);
              assertThat(e.getErrorMessage()).isEqualTo(message);
            });
  }

  @Test
  void aUserDefinedRoleGrantsItsPrivilegesAndThoseItInherits() {
    createRole("reporter", List.of(privilege("app", "reports", "insert")), List.of("read"));
    server.createUser("rita", List.of(role("reporter", "app")));
    MongoDatabase asRita = server.as("rita").getDatabase("app");

    asRita.runCommand(
        new Document("insert", "reports").append("documents", List.of(new Document("_id", 1))));
    asRita.runCommand(new Document("find", "anything"));
    assertThatThrownBy(
            () ->
                asRita.runCommand(
                    new Document("insert", "other").append("documents", List.of(new Document()))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e ->
                assertThat(e.getErrorMessage())
                    .startsWith(
                        "not authorized on app to execute command { insert: \"other\","
                            + " documents: [ {} ]"));
  }

  @Test
  void creatingARoleTwiceFailsAsMongoDbDoes() {
    createRole("reporter", List.of(), List.of());

    assertFails(
        () -> createRole("reporter", List.of(), List.of()),
        51002,
        "Location51002",
        "Role \"reporter@app\" already exists");
  }

  @Test
  void aRoleCannotTakeABuiltInName() {
    assertFails(
        () -> createRole("read", List.of(), List.of()),
        2,
        "BadValue",
        "Cannot create roles with the same name as a built-in role");
  }

  @Test
  void unknownRolesAreRoleNotFound() {
    assertFails(
        () ->
            app.runCommand(
                new Document("createUser", "ann")
                    .append("pwd", "x")
                    .append("roles", List.of("readEverything"))),
        31,
        "RoleNotFound",
        "Could not find role: readEverything@app");
    assertFails(
        () -> createRole("reporter", List.of(), List.of(role("readAnyDatabase", "app"))),
        31,
        "RoleNotFound",
        "Cannot grant roles to 'reporter@app': Could not find role: readAnyDatabase@app");
  }

  @Test
  void unknownActionsAreRefusedByName() {
    assertFails(
        () -> createRole("reporter", List.of(privilege("app", "", "find", "teleport")), List.of()),
        2,
        "BadValue",
        "Unknown action type in privilege set: 'teleport'");
  }

  @Test
  void grantingRolesThatWouldFormACycleIsRefused() {
    createRole("a", List.of(), List.of());
    createRole("b", List.of(), List.of("a"));

    assertFails(
        () -> app.runCommand(new Document("grantRolesToRole", "a").append("roles", List.of("b"))),
        49,
        "InvalidRoleModification",
        "Granting roles to a@app would introduce a cycle in the role graph");
  }

  @Test
  void builtInRolesCannotBeChanged() {
    assertFails(
        () ->
            app.runCommand(
                new Document("grantPrivilegesToRole", "read")
                    .append("privileges", List.of(privilege("app", "", "insert")))),
        2,
        "BadValue",
        "read@app is a built-in role and cannot be modified");
    assertFails(
        () -> app.runCommand(new Document("dropRole", "readWrite")),
        2,
        "BadValue",
        "readWrite@app is a built-in role and cannot be modified");
  }

  @Test
  void aRoleOfOneDatabaseGrantsNothingOnAnother() {
    assertFails(
        () -> createRole("spy", List.of(privilege("other", "", "find")), List.of()),
        49,
        "InvalidRoleModification",
        "Roles on the 'app' database cannot be granted privileges that target other databases or"
            + " the cluster");
  }

  @Test
  void grantedAndRevokedPrivilegesApplyToConnectionsAlreadyOpen() {
    createRole("clerk", List.of(privilege("app", "items", "find")), List.of());
    server.createUser("carl", List.of(role("clerk", "app")));
    MongoDatabase asCarl = server.as("carl").getDatabase("app");
    Document insert = new Document("insert", "items").append("documents", List.of(new Document()));
    assertThatThrownBy(() -> asCarl.runCommand(insert)).isInstanceOf(MongoCommandException.class);

    app.runCommand(
        new Document("grantPrivilegesToRole", "clerk")
            .append("privileges", List.of(privilege("app", "items", "insert"))));
    asCarl.runCommand(insert);

    app.runCommand(
        new Document("revokePrivilegesFromRole", "clerk")
            .append("privileges", List.of(privilege("app", "items", "insert"))));
    assertThatThrownBy(() -> asCarl.runCommand(insert)).isInstanceOf(MongoCommandException.class);
    asCarl.runCommand(new Document("find", "items"));
  }

  @Test
  void updateRoleReplacesPrivilegesAndInheritedRoles() {
    createRole("clerk", List.of(privilege("app", "items", "find")), List.of());

    app.runCommand(
        new Document("updateRole", "clerk")
            .append("privileges", List.of(privilege("app", "orders", "insert")))
            .append("roles", List.of("read")));

    Document clerk = describe("clerk");
    assertThat(clerk.getList("roles", Document.class)).containsExactly(role("read", "app"));
    assertThat(clerk.getList("privileges", Document.class))
        .containsExactly(privilege("app", "orders", "insert"));
  }

  @Test
  void rolesInfoShowsInheritedRolesAndPrivileges() {
    createRole("base", List.of(privilege("app", "items", "find")), List.of());
    createRole("top", List.of(privilege("app", "items", "insert")), List.of("base", "read"));

    Document top = describe("top");

    assertThat(top.getString("_id")).isEqualTo("app.top");
    assertThat(top.getBoolean("isBuiltin")).isFalse();
    assertThat(top.getList("roles", Document.class))
        .containsExactly(role("base", "app"), role("read", "app"));
    assertThat(top.getList("inheritedRoles", Document.class))
        .containsExactlyInAnyOrder(role("base", "app"), role("read", "app"));
    assertThat(top.getList("inheritedPrivileges", Document.class))
        .contains(privilege("app", "items", "find", "insert"));
  }

  @Test
  void rolesInfoListsBuiltInRolesOnlyWhenAsked() {
    createRole("clerk", List.of(), List.of());

    List<Document> defined =
        app.runCommand(new Document("rolesInfo", 1)).getList("roles", Document.class);
    List<Document> all =
        app.runCommand(new Document("rolesInfo", 1).append("showBuiltinRoles", true))
            .getList("roles", Document.class);

    assertThat(defined).extracting(r -> r.getString("role")).containsExactly("clerk");
    assertThat(all)
        .extracting(r -> r.getString("role"))
        .containsExactly("read", "readWrite", "dbAdmin", "userAdmin", "dbOwner", "clerk");
  }

  @Test
  void droppingARoleTakesItFromUsersAndRoles() {
    createRole("clerk", List.of(privilege("app", "items", "find")), List.of());
    createRole("lead", List.of(), List.of("clerk"));
    server.createUser("carl", List.of(role("clerk", "app"), role("read", "other")));

    app.runCommand(new Document("dropRole", "clerk"));

    Document carl =
        server
            .root()
            .getDatabase("admin")
            .runCommand(new Document("usersInfo", "carl"))
            .getList("users", Document.class)
            .getFirst();
    assertThat(carl.getList("roles", Document.class)).containsExactly(role("read", "other"));
    assertThat(describe("lead").getList("roles", Document.class)).isEmpty();
    assertThat(app.runCommand(new Document("rolesInfo", "clerk")).getList("roles", Object.class))
        .isEmpty();
  }

  private Document describe(String role) {
    return app.runCommand(new Document("rolesInfo", role).append("showPrivileges", true))
        .getList("roles", Document.class)
        .getFirst();
  }
}
