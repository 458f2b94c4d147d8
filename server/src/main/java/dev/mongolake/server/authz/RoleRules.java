package dev.mongolake.server.authz;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import java.util.Collection;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** MongoDB's rules for defining roles, with its messages, shared by the role commands. */
public final class RoleRules {

  private RoleRules() {}

  /** The role the command names as its first value, on the request's database. */
  public static RoleName roleName(BsonDocument body, String command, String database) {
    BsonValue name = body.get(command);
    if (name == null || !name.isString()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "Cannot run " + command + ": the role name must be a string");
    }
    if (name.asString().getValue().isEmpty()) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, "Role name must be non-empty");
    }
    return new RoleName(name.asString().getValue(), database);
  }

  /** Fails for a built-in role: they are fixed. */
  public static void requireModifiable(RoleName role) {
    if (BuiltinRoles.isBuiltin(role)) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, role + " is a built-in role and cannot be modified");
    }
  }

  /** The user-defined role, which must exist. */
  public static Role requireDefined(RoleGraph graph, RoleName role) {
    return graph.store().find(role).orElseThrow(() -> RoleErrors.notFound(role));
  }

  /**
   * Fails unless {@code role} may inherit {@code added}: not itself, only roles of its own database
   * unless it is defined on admin, only roles that exist, and no cycle.
   *
   * @throws MongoLakeException InvalidRoleModification, or RoleNotFound
   */
  public static void checkInherits(RoleGraph graph, RoleName role, Collection<RoleName> added) {
    for (RoleName inherited : added) {
      if (inherited.equals(role)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_ROLE_MODIFICATION, "Cannot grant role " + role + " to itself.");
      }
      if (!role.db().equals("admin") && !inherited.db().equals(role.db())) {
        throw new MongoLakeException(
            ErrorCode.INVALID_ROLE_MODIFICATION,
            "Roles on the '"
                + role.db()
                + "' database cannot be granted roles from other databases");
      }
      if (graph.find(inherited).isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.ROLE_NOT_FOUND,
            "Cannot grant roles to '" + role + "': Could not find role: " + inherited);
      }
    }
    if (graph.reaches(added, role)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_ROLE_MODIFICATION,
          "Granting roles to " + role + " would introduce a cycle in the role graph");
    }
  }

  /**
   * Fails unless {@code role} may grant {@code privileges}: a role defined on admin grants
   * anything, any other only privileges on its own database.
   *
   * @throws MongoLakeException InvalidRoleModification
   */
  public static void checkGrants(RoleName role, Collection<Privilege> privileges) {
    if (role.db().equals("admin")) {
      return;
    }
    for (Privilege privilege : privileges) {
      if (!(privilege.resource() instanceof Resource.Namespaces ns && ns.db().equals(role.db()))) {
        throw new MongoLakeException(
            ErrorCode.INVALID_ROLE_MODIFICATION,
            "Roles on the '"
                + role.db()
                + "' database cannot be granted privileges that target other databases or the"
                + " cluster");
      }
    }
  }
}
