package dev.mongolake.server.authz;

import dev.mongolake.server.command.Command;
import java.util.List;

/**
 * The role-management commands: {@code createRole}, {@code updateRole}, {@code dropRole}, {@code
 * grantRolesToRole}, {@code revokeRolesFromRole}, {@code grantPrivilegesToRole}, {@code
 * revokePrivilegesFromRole} and {@code rolesInfo}.
 */
public final class RoleCommands {

  private RoleCommands() {}

  public static List<Command> all() {
    return List.of(
        new CreateRoleCommand(),
        new UpdateRoleCommand(),
        new DropRoleCommand(),
        new RoleInheritanceCommand("grantRolesToRole", true),
        new RoleInheritanceCommand("revokeRolesFromRole", false),
        new RolePrivilegesCommand("grantPrivilegesToRole", true),
        new RolePrivilegesCommand("revokePrivilegesFromRole", false),
        new RolesInfoCommand());
  }
}
