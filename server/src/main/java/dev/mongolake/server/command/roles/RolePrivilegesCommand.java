package dev.mongolake.server.command.roles;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.Privilege;
import dev.mongolake.server.authz.PrivilegeSet;
import dev.mongolake.server.authz.Role;
import dev.mongolake.server.authz.RoleGrants;
import dev.mongolake.server.authz.RoleGraph;
import dev.mongolake.server.authz.RoleRules;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code {grantPrivilegesToRole: <name>, privileges}} and {@code {revokePrivilegesFromRole: <name>,
 * privileges}}: adds privileges to a user-defined role, or takes actions away from the privileges
 * it has on the very same resources.
 *
 * @param name the command's name
 * @param grant whether it grants (or revokes)
 */
public record RolePrivilegesCommand(String name, boolean grant) implements Command {

  /**
   * {@code grantRole} (or {@code revokeRole}) on each privilege's database, or on admin for a
   * privilege on several databases or the cluster.
   */
  @Override
  public Access access(CommandRequest request) {
    List<Privilege> privileges = Privilege.parseAll(request.body().get("privileges"), name);
    return grant
        ? RoleGrants.toGrantPrivileges(privileges)
        : RoleGrants.toRevokePrivileges(privileges);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of(name, "privileges");
  }

  @Override
  public String help() {
    return grant ? "Add privileges to a role." : "Remove privileges from a role.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    RoleName name = RoleRules.roleName(request.body(), this.name, request.database());
    List<Privilege> named = Privilege.parseAll(request.body().get("privileges"), this.name);
    if (named.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, this.name + " command requires a non-empty \"privileges\" array");
    }
    RoleRules.requireModifiable(name);
    RoleGraph graph = request.server().authorization().roles();
    Role role = RoleRules.requireDefined(graph, name);
    if (grant) {
      RoleRules.checkGrants(name, named);
    }
    PrivilegeSet privileges =
        grant ? role.privileges().plus(named) : role.privileges().minus(named);
    graph.store().update(Role.defined(name, privileges, role.roles()));
    return new BsonDocument();
  }
}
