package dev.mongolake.server.command.roles;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
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
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code {updateRole: <name>, privileges?, roles?}}: replaces a user-defined role's privileges, the
 * roles it inherits, or both.
 *
 * <p>Fails with {@code MongoLakeException}: BadValue when it changes nothing or names a built-in
 * role; RoleNotFound; InvalidRoleModification
 */
public final class UpdateRoleCommand implements Command {

  /** Authentication restrictions are not kept here, so they are refused rather than dropped. */
  private static final CommandFields FIELDS =
      CommandFields.of("updateRole", "privileges", "roles").refusing("authenticationRestrictions");

  @Override
  public String name() {
    return "updateRole";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * {@code revokeRole} on every database (what it replaces is unknown), and the right to grant what
   * it grants.
   */
  @Override
  public Access access(CommandRequest request) {
    BsonDocument body = request.body();
    List<Access> parts = new ArrayList<>();
    parts.add(Access.to(Resource.anyDatabase(), ActionType.REVOKE_ROLE));
    if (body.containsKey("roles")) {
      parts.add(RoleGrants.toGrant(RoleName.parseAll(body.get("roles"), request.database())));
    }
    if (body.containsKey("privileges")) {
      parts.add(RoleGrants.toGrantPrivileges(Privilege.parseAll(body.get("privileges"), name())));
    }
    return Access.allOf(parts);
  }

  @Override
  public String help() {
    return "Replace a role's privileges or inherited roles.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    RoleName name = RoleRules.roleName(body, name(), request.database());
    boolean hasRoles = body.containsKey("roles");
    boolean hasPrivileges = body.containsKey("privileges");
    if (!hasRoles && !hasPrivileges) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Must specify at least one field to update in updateRole");
    }
    RoleRules.requireModifiable(name);
    RoleGraph graph = request.server().authorization().roles();
    Role existing = RoleRules.requireDefined(graph, name);
    List<RoleName> roles =
        hasRoles ? RoleName.parseAll(body.get("roles"), request.database()) : existing.roles();
    PrivilegeSet privileges =
        hasPrivileges
            ? PrivilegeSet.of(Privilege.parseAll(body.get("privileges"), name()))
            : existing.privileges();
    if (hasRoles) {
      RoleRules.checkInherits(graph, name, roles);
    }
    RoleRules.checkGrants(name, privileges.privileges());
    graph.store().update(Role.defined(name, privileges, roles));
    return new BsonDocument();
  }
}
