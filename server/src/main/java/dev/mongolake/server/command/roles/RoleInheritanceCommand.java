package dev.mongolake.server.command.roles;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.Role;
import dev.mongolake.server.authz.RoleGrants;
import dev.mongolake.server.authz.RoleGraph;
import dev.mongolake.server.authz.RoleRules;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code {grantRolesToRole: <name>, roles}} and {@code {revokeRolesFromRole: <name>, roles}}: adds
 * roles for a user-defined role to inherit from, refusing cycles, or takes them away.
 *
 * @param name the command's name
 * @param grant whether it grants (or revokes)
 */
public record RoleInheritanceCommand(String name, boolean grant) implements Command {

  /** {@code grantRole} (or {@code revokeRole}) on the database of each role named. */
  @Override
  public Access access(CommandRequest request) {
    List<RoleName> roles = roles(request);
    return grant ? RoleGrants.toGrant(roles) : RoleGrants.toRevoke(roles);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of(name, "roles");
  }

  @Override
  public String help() {
    return grant ? "Add roles for a role to inherit." : "Remove roles a role inherits.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    RoleName name = RoleRules.roleName(request.body(), this.name, request.database());
    List<RoleName> named = roles(request);
    if (named.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, this.name + " command requires a non-empty \"roles\" array");
    }
    RoleRules.requireModifiable(name);
    RoleGraph graph = request.server().authorization().roles();
    Role role = RoleRules.requireDefined(graph, name);
    List<RoleName> roles = new ArrayList<>(role.roles());
    if (grant) {
      RoleRules.checkInherits(graph, name, named);
      named.stream().filter(r -> !roles.contains(r)).forEach(roles::add);
    } else {
      roles.removeAll(named);
    }
    graph.store().update(Role.defined(name, role.privileges(), roles));
    return new BsonDocument();
  }

  private List<RoleName> roles(CommandRequest request) {
    return RoleName.parseAll(request.body().get("roles"), request.database());
  }
}
