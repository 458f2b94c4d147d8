package dev.mongolake.server.authz;

import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Who may run what, through the official Java driver against a server started with {@code --auth}:
 * one user per role, each operation run by each of them, allowed or refused with Unauthorized (13)
 * as MongoDB decides. The cells include every hole measured before roles were enforced (a {@code
 * read} user writing, dropping, reading other databases and creating a root user; a {@code
 * readWrite} user writing elsewhere and dropping the root user).
 */
class AuthorizationMatrixTest {

  /** The users of the matrix, one per role. */
  enum Grantee {
    READ(role("read", "app")),
    READ_WRITE(role("readWrite", "app")),
    DB_ADMIN(role("dbAdmin", "app")),
    DB_OWNER(role("dbOwner", "app")),
    USER_ADMIN(role("userAdmin", "app")),
    READ_ANY(role("readAnyDatabase", "admin")),
    READ_WRITE_ANY(role("readWriteAnyDatabase", "admin")),
    CLUSTER_MONITOR(role("clusterMonitor", "admin")),
    ROOT(role("root", "admin")),
    /** A user-defined role: find and insert on app.items, nothing else. */
    ITEMS_CLERK(role("itemsClerk", "app"));

    final Document role;

    Grantee(Document role) {
      this.role = role;
    }

    String user() {
      return "u_" + name().toLowerCase();
    }

    @Override
    public String toString() {
      return role.getString("role") + "@" + role.getString("db");
    }
  }

  /** One operation: its database, the command a grantee runs, what root prepares first. */
  record Operation(
      String name,
      String db,
      Function<Grantee, Document> command,
      Consumer<Grantee> setup,
      Set<Grantee> allowed) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final Set<Grantee> READERS_OF_APP =
      EnumSet.of(
          Grantee.READ,
          Grantee.READ_WRITE,
          Grantee.DB_OWNER,
          Grantee.READ_ANY,
          Grantee.READ_WRITE_ANY,
          Grantee.ROOT,
          Grantee.ITEMS_CLERK);
  private static final Set<Grantee> WRITERS_OF_APP =
      EnumSet.of(Grantee.READ_WRITE, Grantee.DB_OWNER, Grantee.READ_WRITE_ANY, Grantee.ROOT);
  private static final Set<Grantee> READERS_ANYWHERE =
      EnumSet.of(Grantee.READ_ANY, Grantee.READ_WRITE_ANY, Grantee.ROOT);
  private static final Set<Grantee> WRITERS_ANYWHERE =
      EnumSet.of(Grantee.READ_WRITE_ANY, Grantee.ROOT);
  private static final Set<Grantee> SCHEMA_OF_APP =
      EnumSet.of(
          Grantee.READ_WRITE,
          Grantee.DB_ADMIN,
          Grantee.DB_OWNER,
          Grantee.READ_WRITE_ANY,
          Grantee.ROOT);
  private static final Set<Grantee> USER_ADMINS_OF_APP =
      EnumSet.of(Grantee.USER_ADMIN, Grantee.DB_OWNER, Grantee.ROOT);
  private static final Set<Grantee> MONITORS = EnumSet.of(Grantee.CLUSTER_MONITOR, Grantee.ROOT);

  private static final List<Operation> OPERATIONS =
      List.of(
          op("find on app", "app", g -> new Document("find", "items"), READERS_OF_APP),
          op("find on other db", "other", g -> new Document("find", "items"), READERS_ANYWHERE),
          op(
              "insert on app",
              "app",
              g -> insert("items"),
              union(WRITERS_OF_APP, EnumSet.of(Grantee.ITEMS_CLERK))),
          op("update on app", "app", g -> update("items"), WRITERS_OF_APP),
          op("delete on app", "app", g -> delete("items"), WRITERS_OF_APP),
          op("insert on other db", "other", g -> insert("items"), WRITERS_ANYWHERE),
          op("update on other db", "other", g -> update("items"), WRITERS_ANYWHERE),
          op("delete on other db", "other", g -> delete("items"), WRITERS_ANYWHERE),
          op(
              "createIndexes on app",
              "app",
              g ->
                  new Document("createIndexes", "items")
                      .append(
                          "indexes",
                          List.of(
                              new Document("key", new Document("sku", 1)).append("name", "sku"))),
              SCHEMA_OF_APP),
          new Operation(
              "drop a collection of app",
              "app",
              g -> new Document("drop", "scratch_" + g.user()),
              g -> asRoot("app", insert("scratch_" + g.user())),
              SCHEMA_OF_APP),
          new Operation(
              "dropDatabase app",
              "app",
              g -> new Document("dropDatabase", 1),
              g -> asRoot("app", insert("items")),
              EnumSet.of(Grantee.DB_ADMIN, Grantee.DB_OWNER, Grantee.ROOT)),
          op(
              "createUser on app",
              "app",
              g -> createUser("made_by_" + g.user(), role("read", "app")),
              USER_ADMINS_OF_APP),
          op(
              "createUser with root",
              "admin",
              g -> createUser("root_by_" + g.user(), role("root", "admin")),
              EnumSet.of(Grantee.ROOT)),
          new Operation(
              "dropUser on app",
              "app",
              g -> new Document("dropUser", "victim_" + g.user()),
              g -> asRoot("app", createUser("victim_" + g.user())),
              USER_ADMINS_OF_APP),
          new Operation(
              "dropUser of a root user",
              "admin",
              g -> new Document("dropUser", "root_victim_" + g.user()),
              g -> asRoot("admin", createUser("root_victim_" + g.user(), role("root", "admin"))),
              EnumSet.of(Grantee.ROOT)),
          new Operation(
              "grantRolesToUser on app",
              "app",
              g ->
                  new Document("grantRolesToUser", "grantee_" + g.user())
                      .append("roles", List.of(role("readWrite", "app"))),
              g -> asRoot("app", createUser("grantee_" + g.user())),
              USER_ADMINS_OF_APP),
          op(
              "listDatabases of every database",
              "admin",
              g -> new Document("listDatabases", 1).append("authorizedDatabases", false),
              EnumSet.of(
                  Grantee.READ_ANY, Grantee.READ_WRITE_ANY, Grantee.CLUSTER_MONITOR, Grantee.ROOT)),
          op("serverStatus", "admin", g -> new Document("serverStatus", 1), MONITORS),
          op("currentOp", "admin", g -> new Document("currentOp", 1), MONITORS),
          op(
              "killOp",
              "admin",
              g -> new Document("killOp", 1).append("op", 987654321),
              EnumSet.of(Grantee.ROOT)),
          op("rolesInfo of app", "app", g -> new Document("rolesInfo", 1), USER_ADMINS_OF_APP));

  @TempDir static Path data;
  private static SecuredServer server;

  @BeforeAll
  static void start() {
    server = SecuredServer.start(data);
    asRoot(
        "app",
        new Document("createRole", "itemsClerk")
            .append(
                "privileges",
                List.of(
                    new Document(
                            "resource", new Document("db", "app").append("collection", "items"))
                        .append("actions", List.of("find", "insert"))))
            .append("roles", List.of()));
    for (Grantee grantee : Grantee.values()) {
      server.createUser(grantee.user(), List.of(grantee.role));
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Stream<Arguments> cells() {
    List<Arguments> cells = new ArrayList<>();
    for (Operation operation : OPERATIONS) {
      for (Grantee grantee : Grantee.values()) {
        cells.add(Arguments.of(grantee, operation, operation.allowed().contains(grantee)));
      }
    }
    return cells.stream();
  }

  @ParameterizedTest(name = "{0}: {1} allowed={2}")
  @MethodSource("cells")
  void eachRoleRunsExactlyWhatItsPrivilegesAllow(
      Grantee grantee, Operation operation, boolean allowed) {
    operation.setup().accept(grantee);
    Document command = operation.command().apply(grantee);
    var database = server.as(grantee.user()).getDatabase(operation.db());

    if (allowed) {
      assertThatCode(() -> database.runCommand(command)).doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> database.runCommand(command))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(13);
                assertThat(e.getErrorCodeName()).isEqualTo("Unauthorized");
                assertThat(e.getErrorMessage())
                    .startsWith(
                        "not authorized on "
                            + operation.db()
                            + " to execute command { "
                            + command.keySet().iterator().next()
                            + ": ");
              });
    }
  }

  private static Operation op(
      String name, String db, Function<Grantee, Document> command, Set<Grantee> allowed) {
    return new Operation(name, db, command, g -> {}, allowed);
  }

  private static void asRoot(String db, Document command) {
    server.root().getDatabase(db).runCommand(command);
  }

  private static Document insert(String collection) {
    return new Document("insert", collection).append("documents", List.of(new Document()));
  }

  private static Document update(String collection) {
    return new Document("update", collection)
        .append(
            "updates",
            List.of(
                new Document("q", new Document())
                    .append("u", new Document("$set", new Document("seen", true)))));
  }

  private static Document delete(String collection) {
    return new Document("delete", collection)
        .append("deletes", List.of(new Document("q", new Document()).append("limit", 1)));
  }

  private static Document createUser(String name, Document... roles) {
    return new Document("createUser", name)
        .append("pwd", SecuredServer.PASSWORD)
        .append("roles", List.of(roles));
  }

  private static Set<Grantee> union(Set<Grantee> first, Set<Grantee> second) {
    Set<Grantee> all = EnumSet.copyOf(first);
    all.addAll(second);
    return all;
  }
}
