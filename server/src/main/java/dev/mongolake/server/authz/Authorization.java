package dev.mongolake.server.authz;

import dev.mongolake.server.auth.ConnectionAuth;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.auth.UserStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides whether a connection's users may do what a request requires. A user's roles are read from
 * the user store at every decision, not when the user authenticated: a grant, a revocation or a
 * dropped user applies to connections already open, as in MongoDB. Thread-safe.
 */
public final class Authorization {

  private final UserStore users;
  private final RoleGraph roles;

  public Authorization(UserStore users, RoleStore roles) {
    this.users = users;
    this.roles = new RoleGraph(roles);
  }

  /** Every role, built-in and user-defined. */
  public RoleGraph roles() {
    return roles;
  }

  /** The roles granted directly to the connection's users, as the user store has them now. */
  public List<RoleName> grantedRoles(ConnectionAuth auth) {
    Set<RoleName> granted = new LinkedHashSet<>();
    for (User user : auth.users()) {
      users.find(user.database(), user.name()).ifPresent(u -> granted.addAll(u.roles()));
    }
    return new ArrayList<>(granted);
  }

  /** Every role the connection's users hold, directly or inherited, and all their privileges. */
  public RoleGraph.Resolved resolve(ConnectionAuth auth) {
    return roles.resolve(grantedRoles(auth), true);
  }

  /**
   * Whether the connection may run a request requiring {@code access}.
   *
   * @param access what the request requires, {@linkplain Access#expand expanded}
   * @throws IllegalArgumentException for an access still holding {@link Access.AsCommand}
   */
  public boolean permits(ConnectionAuth auth, Access access) {
    if (access instanceof Access.Open) {
      return true;
    }
    // Whatever else a request requires, an unauthenticated client has no privileges to meet it.
    return auth.isAuthenticated() && new Decision(auth).permits(access);
  }

  /** One decision for an authenticated connection: resolves its privileges at most once. */
  private final class Decision {
    private final ConnectionAuth auth;
    private PrivilegeSet privileges;

    Decision(ConnectionAuth auth) {
      this.auth = auth;
    }

    boolean permits(Access access) {
      return switch (access) {
        case Access.Open open -> true;
        case Access.Authenticated authenticated -> true;
        case Access.Denied denied -> false;
        case Access.Privileges required -> privileges().permitsAll(required.required());
        case Access.AllOf all -> all.parts().stream().allMatch(this::permits);
        case Access.AnyOf any -> any.alternatives().stream().anyMatch(this::permits);
        case Access.AsCommand command ->
            throw new IllegalArgumentException(
                "Cannot decide on the access of another command before it is expanded: "
                    + command.body().getFirstKey());
      };
    }

    private PrivilegeSet privileges() {
      if (privileges == null) {
        privileges = resolve(auth).privileges();
      }
      return privileges;
    }
  }
}
