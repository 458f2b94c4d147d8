package dev.mongolake.server.authz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoleGraphTest {

  private final InMemoryRoleStore store = new InMemoryRoleStore();
  private final RoleGraph graph = new RoleGraph(store);

  private static RoleName app(String role) {
    return new RoleName(role, "app");
  }

  private void define(String name, ActionType action, RoleName... inherits) {
    store.create(
        Role.defined(
            app(name),
            PrivilegeSet.of(List.of(Privilege.of(Resource.database("app"), action))),
            List.of(inherits)));
  }

  @Test
  void inheritedRolesAndPrivilegesAddUpTransitively() {
    define("a", ActionType.FIND);
    define("b", ActionType.INSERT, app("a"));
    define("c", ActionType.REMOVE, app("b"), app("read"));

    RoleGraph.Resolved resolved = graph.resolve(List.of(app("c")), false);

    assertThat(resolved.roles()).containsExactlyInAnyOrder(app("b"), app("a"), app("read"));
    assertThat(resolved.privileges().permits(Resource.database("app"), ActionType.FIND)).isTrue();
    assertThat(resolved.privileges().permits(Resource.database("app"), ActionType.REMOVE)).isTrue();
    assertThat(resolved.privileges().permits(Resource.database("app"), ActionType.INSERT)).isTrue();
  }

  @Test
  void aCycleWrittenByHandResolvesWithoutLooping() {
    define("a", ActionType.FIND, app("b"));
    define("b", ActionType.INSERT, app("a"));

    RoleGraph.Resolved resolved = graph.resolve(List.of(app("a")), true);

    assertThat(resolved.roles()).containsExactly(app("a"), app("b"));
  }

  @Test
  void grantingARoleThatInheritsTheGranteeIsRefusedAsACycle() {
    define("a", ActionType.FIND);
    define("b", ActionType.INSERT, app("a"));

    assertThatThrownBy(() -> RoleRules.checkInherits(graph, app("a"), List.of(app("b"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ROLE_MODIFICATION))
        .hasMessage("Granting roles to a@app would introduce a cycle in the role graph");
    assertThatThrownBy(() -> RoleRules.checkInherits(graph, app("a"), List.of(app("a"))))
        .hasMessage("Cannot grant role a@app to itself.");
  }

  @Test
  void unknownRolesAreRoleNotFound() {
    assertThatThrownBy(() -> graph.requireAll(List.of(app("read"), app("nope"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.ROLE_NOT_FOUND))
        .hasMessage("Could not find role: nope@app");
  }

  @Test
  void aRoleOfAnotherDatabaseInheritsOnlyFromAdmin() {
    define("a", ActionType.FIND);

    assertThatThrownBy(
            () -> RoleRules.checkInherits(graph, app("a"), List.of(new RoleName("read", "other"))))
        .hasMessage("Roles on the 'app' database cannot be granted roles from other databases");
    assertThatThrownBy(
            () ->
                RoleRules.checkGrants(
                    app("a"), List.of(Privilege.of(Resource.cluster(), ActionType.SERVER_STATUS))))
        .hasMessage(
            "Roles on the 'app' database cannot be granted privileges that target other"
                + " databases or the cluster");
  }
}
