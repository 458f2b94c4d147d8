package dev.mongolake.server.command.users;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.authz.RoleGrants;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code {updateUser: <name>, pwd, roles, mechanisms}}: a new password, or a new list of roles.
 *
 * <p>Fails with {@code MongoLakeException}: BadValue when it changes nothing; UserNotFound;
 * RoleNotFound
 */
public final class UpdateUserCommand implements Command {

  private static final CommandFields FIELDS = UserArguments.fields("updateUser");

  @Override
  public String name() {
    return "updateUser";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * MongoDB's rules: a new password needs {@code changePassword} on the user's database, or, for
   * one's own password, {@code changeOwnPassword}; new roles need {@code revokeRole} on every
   * database (the roles they replace are unknown) and the right to grant each new one.
   */
  @Override
  public Access access(CommandRequest request) {
    BsonDocument body = request.body();
    String db = request.database();
    List<Access> parts = new ArrayList<>();
    if (body.containsKey("pwd")) {
      Access others = Access.to(Resource.database(db), ActionType.CHANGE_PASSWORD);
      boolean self =
          request.connection().auth().isAuthenticatedAs(db, UserArguments.userName(body, name()));
      parts.add(
          self
              ? Access.anyOf(
                  Access.to(Resource.database(db), ActionType.CHANGE_OWN_PASSWORD), others)
              : others);
    }
    if (body.containsKey("roles")) {
      parts.add(Access.to(Resource.anyDatabase(), ActionType.REVOKE_ROLE));
      parts.add(RoleGrants.toGrant(UserArguments.roles(body, db)));
    }
    return parts.isEmpty() ? Access.authenticated() : Access.allOf(parts);
  }

  @Override
  public String help() {
    return "Change a user's password or roles.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    String name = UserArguments.userName(body, name());
    if (!body.containsKey("pwd") && !body.containsKey("roles")) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Must specify at least one field to update in updateUser");
    }
    User existing = UserArguments.existing(request, name);
    List<RoleName> roles =
        body.containsKey("roles")
            ? UserArguments.roles(body, request.database())
            : existing.roles();
    request.server().authorization().roles().requireAll(roles);
    User updated =
        new User(
            name,
            request.database(),
            roles,
            body.containsKey("pwd")
                ? UserArguments.credentials(name, body, name())
                : existing.credentials());
    request.server().users().update(updated);
    return new BsonDocument();
  }
}
