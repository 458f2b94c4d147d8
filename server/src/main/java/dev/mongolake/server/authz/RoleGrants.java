package dev.mongolake.server.authz;

import dev.mongolake.server.auth.RoleName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What granting or revoking roles and privileges requires, by MongoDB's rules: {@code grantRole}
 * (or {@code revokeRole}) on the database of each role; for a privilege, on its database, or on
 * {@code admin} for a privilege on several databases or the cluster. So a {@code userAdmin} of
 * {@code app} hands out {@code app}'s roles, and only an administrator of {@code admin} hands out
 * {@code root}.
 */
public final class RoleGrants {

  private RoleGrants() {}

  /** What granting {@code roles} requires. */
  public static Access toGrant(Collection<RoleName> roles) {
    return onRoleDatabases(roles, ActionType.GRANT_ROLE);
  }

  /** What revoking {@code roles} requires. */
  public static Access toRevoke(Collection<RoleName> roles) {
    return onRoleDatabases(roles, ActionType.REVOKE_ROLE);
  }

  /** What granting {@code privileges} to a role requires. */
  public static Access toGrantPrivileges(Collection<Privilege> privileges) {
    return onPrivilegeDatabases(privileges, ActionType.GRANT_ROLE);
  }

  /** What revoking {@code privileges} from a role requires. */
  public static Access toRevokePrivileges(Collection<Privilege> privileges) {
    return onPrivilegeDatabases(privileges, ActionType.REVOKE_ROLE);
  }

  private static Access onRoleDatabases(Collection<RoleName> roles, ActionType action) {
    List<Access> parts = new ArrayList<>();
    for (RoleName role : roles) {
      parts.add(Access.to(Resource.database(role.db()), action));
    }
    return Access.allOf(parts);
  }

  private static Access onPrivilegeDatabases(Collection<Privilege> privileges, ActionType action) {
    List<Access> parts = new ArrayList<>();
    for (Privilege privilege : privileges) {
      String db =
          privilege.resource() instanceof Resource.Namespaces ns && !ns.db().isEmpty()
              ? ns.db()
              : "admin";
      parts.add(Access.to(Resource.database(db), action));
    }
    return Access.allOf(parts);
  }
}
