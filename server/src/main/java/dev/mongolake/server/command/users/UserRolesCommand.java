package dev.mongolake.server.command.users;

import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.RoleGrants;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code {grantRolesToUser: <name>, roles}} and {@code {revokeRolesFromUser: <name>, roles}}: adds
 * roles to a user of the request's database, or takes them away.
 *
 * @param name the command's name
 * @param grant whether it grants (or revokes)
 */
public record UserRolesCommand(String name, boolean grant) implements Command {

  /** {@code grantRole} (or {@code revokeRole}) on the database of each role named. */
  @Override
  public Access access(CommandRequest request) {
    List<RoleName> roles = UserArguments.roles(request.body(), request.database());
    return grant ? RoleGrants.toGrant(roles) : RoleGrants.toRevoke(roles);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of(name, "roles");
  }

  @Override
  public String help() {
    return grant ? "Grant roles to a user." : "Revoke roles from a user.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    String userName = UserArguments.userName(body, name);
    List<RoleName> named = UserArguments.requiredRoles(body, request.database(), name);
    User user = UserArguments.existing(request, userName);
    List<RoleName> roles = new ArrayList<>(user.roles());
    if (grant) {
      request.server().authorization().roles().requireAll(named);
      named.stream().filter(role -> !roles.contains(role)).forEach(roles::add);
    } else {
      roles.removeAll(named);
    }
    request.server().users().update(user.withRoles(roles));
    return new BsonDocument();
  }
}
