package dev.mongolake.server.command.roles;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.BuiltinRoles;
import dev.mongolake.server.authz.Privilege;
import dev.mongolake.server.authz.PrivilegeSet;
import dev.mongolake.server.authz.Resource;
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
 * {@code {createRole: <name>, privileges: [...], roles: [...]}}: a role on the request's database.
 *
 * <p>Fails with {@code MongoLakeException}: BadValue for a built-in role's name or an unknown
 * action; the role-already-exists code; RoleNotFound or InvalidRoleModification for roles it cannot
 * inherit or privileges it cannot grant
 */
public final class CreateRoleCommand implements Command {

  /** Authentication restrictions are not kept here, so they are refused rather than dropped. */
  private static final CommandFields FIELDS =
      CommandFields.of("createRole", "privileges", "roles").refusing("authenticationRestrictions");

  @Override
  public String name() {
    return "createRole";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /** {@code createRole} on the database, and the right to grant what the role grants. */
  @Override
  public Access access(CommandRequest request) {
    BsonDocument body = request.body();
    return Access.allOf(
        Access.to(Resource.database(request.database()), ActionType.CREATE_ROLE),
        RoleGrants.toGrant(RoleName.parseAll(required(body, "roles"), request.database())),
        RoleGrants.toGrantPrivileges(Privilege.parseAll(required(body, "privileges"), name())));
  }

  @Override
  public String help() {
    return "Create a role with privileges and roles it inherits.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    RoleName role = RoleRules.roleName(body, name(), request.database());
    if (BuiltinRoles.isBuiltin(role)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Cannot create roles with the same name as a built-in role");
    }
    List<Privilege> privileges = Privilege.parseAll(required(body, "privileges"), name());
    List<RoleName> roles = RoleName.parseAll(required(body, "roles"), request.database());
    RoleGraph graph = request.server().authorization().roles();
    RoleRules.checkInherits(graph, role, roles);
    RoleRules.checkGrants(role, privileges);
    graph.store().create(Role.defined(role, PrivilegeSet.of(privileges), roles));
    return new BsonDocument();
  }

  private static org.bson.BsonValue required(BsonDocument body, String field) {
    if (!body.containsKey(field)) {
      throw new MongoLakeException(
          ErrorCode.NO_SUCH_KEY,
          "BSON field 'createRole." + field + "' is missing but a required field");
    }
    return body.get(field);
  }
}
