package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonBinary;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The administrative commands take their fields as MongoDB 8.0's parsers do: an IDL command refuses
 * an unknown field (40415), a command MongoDB parses without IDL ignores it, an option not
 * implemented here is refused by name (238), and each command's real options are accepted.
 */
class AdministrativeCommandFieldsWithJavaDriverTest {

  private static final int UNKNOWN_FIELD = 40415;
  private static final int NOT_IMPLEMENTED = 238;
  private static final int INVALID_OPTIONS = 72;

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase app;
  private MongoDatabase admin;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    app = local.client().getDatabase("app");
    admin = local.client().getDatabase("admin");
    app.getCollection("people").insertOne(new Document("_id", 1).append("name", "Ana"));
    app.runCommand(
        new Document("createUser", "ana").append("pwd", "secret").append("roles", List.of()));
    app.runCommand(
        new Document("createRole", "clerk")
            .append("privileges", List.of(privilege("insert")))
            .append("roles", List.of()));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private static Document privilege(String action) {
    return new Document("resource", new Document("db", "app").append("collection", "people"))
        .append("actions", List.of(action));
  }

  private static void assertRefused(MongoDatabase db, Document command, int code, String message) {
    assertThatThrownBy(() -> db.runCommand(command))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  private static void assertUnknown(MongoDatabase db, Document command) {
    String name = command.keySet().iterator().next();
    assertRefused(
        db,
        command.append("asOf", 5),
        UNKNOWN_FIELD,
        "BSON field '" + name + ".asOf' is an unknown field.");
  }

  @Test
  void collStatsRefusesAnUnknownFieldAndTakesScaleAndWaitForLock() {
    assertUnknown(app, new Document("collStats", "people"));
    assertRefused(
        app,
        new Document("collStats", "people").append("verbose", true),
        NOT_IMPLEMENTED,
        "'verbose'");
    Document stats =
        app.runCommand(
            new Document("collStats", "people").append("scale", 1024).append("waitForLock", false));
    assertThat(stats.get("scaleFactor")).isEqualTo(1024);
    assertThat(stats.get("count")).isEqualTo(1);
  }

  @Test
  void dbStatsRefusesAnUnknownFieldAndFreeStorage() {
    assertUnknown(app, new Document("dbStats", 1));
    assertRefused(
        app, new Document("dbStats", 1).append("freeStorage", 1), NOT_IMPLEMENTED, "'freeStorage'");
    Document stats =
        app.runCommand(new Document("dbStats", 1).append("scale", 1024).append("freeStorage", 0));
    assertThat(stats.get("scaleFactor")).isEqualTo(1024);
  }

  @Test
  void connectionStatusRefusesAnUnknownFieldAndReadsShowPrivilegesAsMongoDbsSafeBool() {
    assertUnknown(admin, new Document("connectionStatus", 1));
    Document authInfo =
        admin
            .runCommand(new Document("connectionStatus", 1).append("showPrivileges", 1))
            .get("authInfo", Document.class);
    assertThat(authInfo).containsKey("authenticatedUserPrivileges");
  }

  @Test
  void explainRefusesAnUnknownFieldAndTakesVerbosity() {
    Document find = new Document("find", "people");
    assertUnknown(app, new Document("explain", find));
    Document plan =
        app.runCommand(new Document("explain", find).append("verbosity", "queryPlanner"));
    assertThat(plan).containsKey("queryPlanner").doesNotContainKey("executionStats");
  }

  @Test
  void validateIgnoresUnknownFieldsAsMongoDbsParserDoesAndRefusesRepairs() {
    Document valid =
        app.runCommand(new Document("validate", "people").append("full", true).append("asOf", 5));
    assertThat(valid.getBoolean("valid")).isTrue();
    assertRefused(
        app,
        new Document("validate", "people").append("repair", true),
        NOT_IMPLEMENTED,
        "'repair'");
    assertRefused(
        app,
        new Document("validate", "people").append("metadata", true),
        NOT_IMPLEMENTED,
        "'metadata'");
    assertRefused(
        app,
        new Document("validate", "people").append("background", true).append("full", true),
        INVALID_OPTIONS,
        "both { background: true } and { full: true }");
    assertThat(
            app.runCommand(new Document("validate", "people").append("background", true))
                .getBoolean("valid"))
        .isTrue();
  }

  @Test
  void currentOpFiltersByEveryOtherFieldIncludingTopLevelOperators() {
    Document own = new Document("currentOp", 1).append("$ownOps", true);
    assertThat(admin.runCommand(own).getList("inprog", Document.class)).hasSize(1);
    Document none =
        new Document("currentOp", 1)
            .append("$ownOps", 1)
            .append("$or", List.of(new Document("op", "none"), new Document("active", false)));
    assertThat(admin.runCommand(none).getList("inprog", Document.class)).isEmpty();
    assertRefused(
        admin, new Document("currentOp", 1).append("$all", true), NOT_IMPLEMENTED, "'$all'");
  }

  @Test
  void killOpReadsOpAndIgnoresOtherFieldsAsMongoDbsParserDoes() {
    Document reply =
        admin.runCommand(new Document("killOp", 1).append("op", 987654).append("asOf", 5));
    assertThat(reply.getString("info")).isEqualTo("attempting to kill op");
  }

  @Test
  void getParameterIgnoresOtherFieldsAndTakesAllParameters() {
    Document one =
        admin.runCommand(
            new Document("getParameter", 1)
                .append("featureCompatibilityVersion", 1)
                .append("asOf", 5));
    assertThat(one).containsKey("featureCompatibilityVersion").doesNotContainKey("logLevel");
    Document all =
        admin.runCommand(new Document("getParameter", new Document("allParameters", true)));
    assertThat(all).containsKeys("featureCompatibilityVersion", "logLevel", "quiet");
    assertRefused(
        admin,
        new Document("getParameter", new Document("showDetails", true)).append("logLevel", 1),
        NOT_IMPLEMENTED,
        "'showDetails'");
  }

  @Test
  void getLastErrorIsNoSuchCommandAsSinceMongoDb51() {
    assertRefused(app, new Document("getLastError", 1), 59, "no such command: 'getLastError'");
  }

  @Test
  void logoutRefusesAnUnknownFieldAndTakesTheGenericOnes() {
    assertUnknown(app, new Document("logout", 1));
    app.runCommand(new Document("logout", 1).append("comment", "bye"));
  }

  @Test
  void createRoleAndUpdateRoleRefuseUnknownFieldsAndAuthenticationRestrictions() {
    Document create =
        new Document("createRole", "auditor")
            .append("privileges", List.of(privilege("find")))
            .append("roles", List.of());
    assertUnknown(app, Document.parse(create.toJson()));
    assertRefused(
        app,
        Document.parse(create.toJson()).append("authenticationRestrictions", List.of()),
        NOT_IMPLEMENTED,
        "'authenticationRestrictions'");
    app.runCommand(create);

    assertUnknown(app, new Document("updateRole", "auditor").append("roles", List.of("read")));
    app.runCommand(new Document("updateRole", "auditor").append("roles", List.of("read")));
    Document auditor = rolesInfo("auditor");
    assertThat(auditor.getList("roles", Document.class))
        .containsExactly(new Document("role", "read").append("db", "app"));
  }

  @Test
  void rolePrivilegeCommandsRefuseUnknownFieldsAndTakePrivileges() {
    Document grant =
        new Document("grantPrivilegesToRole", "clerk")
            .append("privileges", List.of(privilege("find")));
    assertUnknown(app, Document.parse(grant.toJson()));
    app.runCommand(grant);
    Document revoke =
        new Document("revokePrivilegesFromRole", "clerk")
            .append("privileges", List.of(privilege("insert")));
    assertUnknown(app, Document.parse(revoke.toJson()));
    app.runCommand(revoke);
    Document clerk = rolesInfo("clerk");
    assertThat(clerk.getList("privileges", Document.class)).containsExactly(privilege("find"));
  }

  @Test
  void roleInheritanceCommandsRefuseUnknownFieldsAndTakeRoles() {
    assertUnknown(app, new Document("grantRolesToRole", "clerk").append("roles", List.of("read")));
    app.runCommand(new Document("grantRolesToRole", "clerk").append("roles", List.of("read")));
    assertThat(rolesInfo("clerk").getList("roles", Document.class)).hasSize(1);
    assertUnknown(
        app, new Document("revokeRolesFromRole", "clerk").append("roles", List.of("read")));
    app.runCommand(new Document("revokeRolesFromRole", "clerk").append("roles", List.of("read")));
    assertThat(rolesInfo("clerk").getList("roles", Document.class)).isEmpty();
  }

  @Test
  void userRoleCommandsRefuseUnknownFieldsAndTakeRoles() {
    assertUnknown(app, new Document("grantRolesToUser", "ana").append("roles", List.of("read")));
    app.runCommand(new Document("grantRolesToUser", "ana").append("roles", List.of("read")));
    assertThat(usersInfo("ana").getList("roles", Document.class)).hasSize(1);
    assertUnknown(app, new Document("revokeRolesFromUser", "ana").append("roles", List.of("read")));
    app.runCommand(new Document("revokeRolesFromUser", "ana").append("roles", List.of("read")));
    assertThat(usersInfo("ana").getList("roles", Document.class)).isEmpty();
  }

  @Test
  void rolesInfoRefusesAnUnknownFieldAndTakesShowBuiltinRoles() {
    assertUnknown(app, new Document("rolesInfo", 1));
    assertRefused(
        app,
        new Document("rolesInfo", 1).append("showAuthenticationRestrictions", true),
        NOT_IMPLEMENTED,
        "'showAuthenticationRestrictions'");
    List<Document> roles =
        app.runCommand(new Document("rolesInfo", 1).append("showBuiltinRoles", true))
            .getList("roles", Document.class);
    assertThat(roles).extracting(role -> role.getString("role")).contains("read", "clerk");
  }

  @Test
  void usersInfoRefusesAnUnknownFieldAndWhatItDoesNotDoAndReadsShowPrivilegesAsASafeBool() {
    assertUnknown(app, new Document("usersInfo", 1));
    assertRefused(
        app,
        new Document("usersInfo", 1).append("filter", new Document()),
        NOT_IMPLEMENTED,
        "'filter'");
    assertRefused(
        app,
        new Document("usersInfo", 1).append("showCredentials", true),
        NOT_IMPLEMENTED,
        "'showCredentials'");
    Document ana =
        app.runCommand(new Document("usersInfo", "ana").append("showPrivileges", 1))
            .getList("users", Document.class)
            .getFirst();
    assertThat(ana).containsKey("inheritedPrivileges");
  }

  @Test
  void dropUserAndDropRoleRefuseUnknownFieldsAndTakeTheGenericOnes() {
    assertUnknown(app, new Document("dropUser", "ana"));
    app.runCommand(new Document("dropUser", "ana").append("comment", "gone"));
    assertThat(app.runCommand(new Document("usersInfo", 1)).getList("users", Document.class))
        .isEmpty();
    assertUnknown(app, new Document("dropRole", "clerk"));
    app.runCommand(new Document("dropRole", "clerk").append("comment", "gone"));
    assertThat(app.runCommand(new Document("rolesInfo", 1)).getList("roles", Document.class))
        .isEmpty();
  }

  @Test
  void saslCommandsRefuseUnknownFieldsAndTakeWhatTheDriverSends() {
    BsonBinary payload = new BsonBinary("n,,n=ana,r=abcdefghijklmnop".getBytes());
    assertUnknown(
        app,
        new Document("saslStart", 1)
            .append("mechanism", "SCRAM-SHA-256")
            .append("payload", payload));
    assertUnknown(
        app,
        new Document("saslContinue", 1).append("conversationId", 1).append("payload", payload));
    // The driver's SCRAM conversation: saslStart with options, then saslContinue.
    try (MongoClient ana =
        MongoClients.create(
            MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(local.server().connectionString()))
                .credential(
                    MongoCredential.createScramSha256Credential(
                        "ana", "app", "secret".toCharArray()))
                .applyToClusterSettings(c -> c.serverSelectionTimeout(5, TimeUnit.SECONDS))
                .build())) {
      Document status = ana.getDatabase("app").runCommand(new Document("connectionStatus", 1));
      assertThat(
              status.get("authInfo", Document.class).getList("authenticatedUsers", Document.class))
          .containsExactly(new Document("user", "ana").append("db", "app"));
    }
  }

  private Document rolesInfo(String role) {
    return app.runCommand(new Document("rolesInfo", role).append("showPrivileges", true))
        .getList("roles", Document.class)
        .getFirst();
  }

  private Document usersInfo(String user) {
    return app.runCommand(new Document("usersInfo", user))
        .getList("users", Document.class)
        .getFirst();
  }
}
