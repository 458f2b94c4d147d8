package dev.mongolake.server.authz;

import dev.mongolake.server.auth.RoleName;
import java.util.List;

/**
 * A role's definition: the privileges it grants itself and the roles it inherits from.
 *
 * @param name the role
 * @param privileges what the role grants directly
 * @param roles the roles whose privileges it inherits
 * @param builtin whether it is one of MongoDB's built-in roles (which cannot be changed)
 */
public record Role(RoleName name, PrivilegeSet privileges, List<RoleName> roles, boolean builtin) {

  public Role {
    roles = List.copyOf(roles);
  }

  /** A user-defined role. */
  public static Role defined(RoleName name, PrivilegeSet privileges, List<RoleName> roles) {
    return new Role(name, privileges, roles, false);
  }
}
