package dev.mongolake.server.authz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.Namespace;
import dev.mongolake.server.auth.RoleName;
import java.util.List;
import org.junit.jupiter.api.Test;

class BuiltinRolesTest {

  private final RoleGraph graph = new RoleGraph(new InMemoryRoleStore());

  private PrivilegeSet privilegesOf(String role, String db) {
    return graph.resolve(List.of(new RoleName(role, db)), true).privileges();
  }

  @Test
  void databaseRolesExistOnEveryDatabaseAndAdminRolesOnlyOnAdmin() {
    assertThat(BuiltinRoles.isBuiltin(new RoleName("read", "app"))).isTrue();
    assertThat(BuiltinRoles.isBuiltin(new RoleName("read", "admin"))).isTrue();
    assertThat(BuiltinRoles.isBuiltin(new RoleName("readAnyDatabase", "admin"))).isTrue();
    assertThat(BuiltinRoles.isBuiltin(new RoleName("readAnyDatabase", "app"))).isFalse();
    assertThat(BuiltinRoles.isBuiltin(new RoleName("root", "app"))).isFalse();
    assertThat(BuiltinRoles.on("app"))
        .extracting(r -> r.name().role())
        .containsExactly("read", "readWrite", "dbAdmin", "userAdmin", "dbOwner");
  }

  @Test
  void readGrantsReadingItsDatabaseOnly() {
    PrivilegeSet read = privilegesOf("read", "app");

    assertThat(read.permits(Resource.collection(new Namespace("app", "x")), ActionType.FIND))
        .isTrue();
    assertThat(read.permits(Resource.collection(new Namespace("app", "x")), ActionType.INSERT))
        .isFalse();
    assertThat(read.permits(Resource.collection(new Namespace("other", "x")), ActionType.FIND))
        .isFalse();
  }

  @Test
  void dbAdminManagesButDoesNotRead() {
    PrivilegeSet dbAdmin = privilegesOf("dbAdmin", "app");

    assertThat(dbAdmin.permits(Resource.database("app"), ActionType.DROP_DATABASE)).isTrue();
    assertThat(dbAdmin.permits(Resource.collection(new Namespace("app", "x")), ActionType.FIND))
        .isFalse();
  }

  @Test
  void dbOwnerInheritsReadWriteDbAdminAndUserAdminOfItsDatabase() {
    Role dbOwner = BuiltinRoles.find(new RoleName("dbOwner", "app")).orElseThrow();

    assertThat(dbOwner.roles())
        .containsExactly(
            new RoleName("readWrite", "app"),
            new RoleName("dbAdmin", "app"),
            new RoleName("userAdmin", "app"));
    assertThat(
            privilegesOf("dbOwner", "app").permits(Resource.database("app"), ActionType.GRANT_ROLE))
        .isTrue();
  }

  @Test
  void rootHoldsWhatEveryCommandOfTheMatrixNeeds() {
    PrivilegeSet root = privilegesOf("root", "admin");

    for (ActionType action :
        List.of(
            ActionType.FIND,
            ActionType.INSERT,
            ActionType.DROP_DATABASE,
            ActionType.CREATE_USER,
            ActionType.GRANT_ROLE,
            ActionType.VIEW_ROLE)) {
      assertThat(root.permits(Resource.database("any"), action)).as(action.mongoName()).isTrue();
    }
    for (ActionType action :
        List.of(
            ActionType.SERVER_STATUS,
            ActionType.INPROG,
            ActionType.KILLOP,
            ActionType.LIST_DATABASES,
            ActionType.VIEW_USER,
            ActionType.FSYNC)) {
      assertThat(root.permits(Resource.cluster(), action)).as(action.mongoName()).isTrue();
    }
  }

  @Test
  void clusterMonitorWatchesButDoesNotKill() {
    PrivilegeSet monitor = privilegesOf("clusterMonitor", "admin");

    assertThat(monitor.permits(Resource.cluster(), ActionType.SERVER_STATUS)).isTrue();
    assertThat(monitor.permits(Resource.cluster(), ActionType.INPROG)).isTrue();
    assertThat(monitor.permits(Resource.cluster(), ActionType.KILLOP)).isFalse();
    assertThat(monitor.permits(Resource.collection(new Namespace("app", "x")), ActionType.FIND))
        .isFalse();
  }
}
