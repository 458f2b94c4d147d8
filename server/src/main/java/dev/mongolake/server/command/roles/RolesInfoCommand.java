package dev.mongolake.server.command.roles;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.BuiltinRoles;
import dev.mongolake.server.authz.Privilege;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.authz.Role;
import dev.mongolake.server.authz.RoleGraph;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code rolesInfo}: {@code 1} describes the database's user-defined roles (and its built-in ones
 * with {@code showBuiltinRoles: true}); a name, {@code {role, db}} or an array of them the roles
 * named, those that exist. Each description lists the roles it inherits directly and through them;
 * {@code showPrivileges: true} adds its own privileges and all it inherits.
 */
public final class RolesInfoCommand implements Command {

  /** Roles here carry no authentication restrictions to show. */
  private static final CommandFields FIELDS =
      CommandFields.of("rolesInfo", "showPrivileges", "showBuiltinRoles")
          .refusingUnless("showAuthenticationRestrictions", CommandFields.FALSE);

  @Override
  public String name() {
    return "rolesInfo";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * {@code viewRole} on the database, or on each named role's database, except that anyone may look
   * at the roles they hold.
   */
  @Override
  public Access access(CommandRequest request) {
    List<RoleName> named = named(request);
    if (named == null) {
      return Access.to(Resource.database(request.database()), ActionType.VIEW_ROLE);
    }
    Set<RoleName> held =
        request.server().authorization().resolve(request.connection().auth()).roles();
    List<Access> parts = new ArrayList<>();
    for (RoleName role : named) {
      if (!held.contains(role)) {
        parts.add(Access.to(Resource.database(role.db()), ActionType.VIEW_ROLE));
      }
    }
    return parts.isEmpty() ? Access.authenticated() : Access.allOf(parts);
  }

  @Override
  public String help() {
    return "Describe roles: {rolesInfo: 1} lists the database's roles.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    boolean showPrivileges = flag(request, "showPrivileges");
    RoleGraph graph = request.server().authorization().roles();
    List<Role> roles = new ArrayList<>();
    List<RoleName> named = named(request);
    if (named == null) {
      if (flag(request, "showBuiltinRoles")) {
        roles.addAll(BuiltinRoles.on(request.database()));
      }
      roles.addAll(graph.store().list(request.database()));
    } else {
      named.forEach(name -> graph.find(name).ifPresent(roles::add));
    }
    BsonArray described = new BsonArray();
    roles.forEach(role -> described.add(describe(role, graph, showPrivileges)));
    return new BsonDocument("roles", described);
  }

  /** The roles named, or null for every role of the database. */
  private static List<RoleName> named(CommandRequest request) {
    BsonValue selector = request.body().get("rolesInfo");
    if (selector.isString() || selector.isDocument()) {
      return List.of(RoleName.parse(selector, request.database()));
    }
    if (selector.isArray()) {
      return RoleName.parseAll(selector, request.database());
    }
    return null;
  }

  private static boolean flag(CommandRequest request, String field) {
    BsonValue value = request.body().get(field, BsonBoolean.FALSE);
    if (value.isString()) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "Cannot run rolesInfo: "
              + field
              + ": '"
              + value.asString().getValue()
              + "' is not"
              + " supported; use true or false");
    }
    return value.isBoolean()
        ? value.asBoolean().getValue()
        : value.isNumber() && value.asNumber().intValue() != 0;
  }

  private static BsonDocument describe(Role role, RoleGraph graph, boolean showPrivileges) {
    RoleGraph.Resolved inherited = graph.resolve(List.of(role.name()), false);
    BsonDocument described = new BsonDocument();
    if (!role.builtin()) {
      described.append("_id", new BsonString(role.name().id()));
    }
    described
        .append("role", new BsonString(role.name().role()))
        .append("db", new BsonString(role.name().db()))
        .append("isBuiltin", BsonBoolean.valueOf(role.builtin()))
        .append("roles", RoleName.toArray(role.roles()))
        .append("inheritedRoles", RoleName.toArray(inherited.roles()));
    if (showPrivileges) {
      described
          .append("privileges", Privilege.toArray(role.privileges().privileges()))
          .append("inheritedPrivileges", Privilege.toArray(inherited.privileges().privileges()));
    }
    return described;
  }
}
