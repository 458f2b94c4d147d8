package dev.mongolake.server.command.roles;

import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.auth.UserStore;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.authz.Role;
import dev.mongolake.server.authz.RoleGraph;
import dev.mongolake.server.authz.RoleRules;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code {dropRole: <name>}}: removes a user-defined role, first from every user and role holding
 * it (as MongoDB does), so that nothing refers to a role that is gone.
 *
 * <p>Fails with {@code dev.mongolake.MongoLakeException}: BadValue for a built-in role;
 * RoleNotFound
 */
public final class DropRoleCommand implements Command {

  private static final CommandFields FIELDS = CommandFields.of("dropRole");

  @Override
  public String name() {
    return "dropRole";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.database(request.database()), ActionType.DROP_ROLE);
  }

  @Override
  public String help() {
    return "Remove a role from every user and role, then drop it.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    RoleName name = RoleRules.roleName(request.body(), name(), request.database());
    RoleRules.requireModifiable(name);
    RoleGraph graph = request.server().authorization().roles();
    RoleRules.requireDefined(graph, name);
    UserStore users = request.server().users();
    for (User user : users.list(null)) {
      if (user.roles().contains(name)) {
        users.update(user.withRoles(without(user.roles(), name)));
      }
    }
    for (Role role : graph.store().list(null)) {
      if (role.roles().contains(name)) {
        graph
            .store()
            .update(Role.defined(role.name(), role.privileges(), without(role.roles(), name)));
      }
    }
    graph.store().drop(name);
    return new BsonDocument();
  }

  private static List<RoleName> without(List<RoleName> roles, RoleName removed) {
    List<RoleName> remaining = new ArrayList<>(roles);
    remaining.remove(removed);
    return remaining;
  }
}
