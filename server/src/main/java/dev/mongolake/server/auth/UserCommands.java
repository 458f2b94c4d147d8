package dev.mongolake.server.auth;

import dev.mongolake.server.command.Command;
import java.util.List;

/**
 * The user-management commands: {@code createUser}, {@code updateUser}, {@code dropUser}, {@code
 * usersInfo}, {@code grantRolesToUser} and {@code revokeRolesFromUser}.
 */
public final class UserCommands {

  private UserCommands() {}

  /** The user-management commands. */
  public static List<Command> all() {
    return List.of(
        new CreateUserCommand(),
        new UpdateUserCommand(),
        new DropUserCommand(),
        new UsersInfoCommand(),
        new UserRolesCommand("grantRolesToUser", true),
        new UserRolesCommand("revokeRolesFromUser", false));
  }
}
