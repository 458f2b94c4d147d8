package dev.mongolake.server.command.users;

import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.authz.RoleGrants;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.List;
import org.bson.BsonDocument;

/**
 * {@code {createUser: <name>, pwd, roles, mechanisms}}: a user on the request's database.
 *
 * <p>Fails with {@code dev.mongolake.MongoLakeException}: RoleNotFound for a role that does not
 * exist; the user-already-exists code when the user does
 */
public final class CreateUserCommand implements Command {

  private static final CommandFields FIELDS = UserArguments.fields("createUser");

  @Override
  public String name() {
    return "createUser";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /** {@code createUser} on the database, and the right to grant each of the user's roles. */
  @Override
  public Access access(CommandRequest request) {
    List<RoleName> roles = UserArguments.roles(request.body(), request.database());
    return Access.allOf(
        Access.to(Resource.database(request.database()), ActionType.CREATE_USER),
        RoleGrants.toGrant(roles));
  }

  @Override
  public String help() {
    return "Create a user with a SCRAM password and roles.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    String name = UserArguments.userName(body, name());
    List<RoleName> roles = UserArguments.roles(body, request.database());
    request.server().authorization().roles().requireAll(roles);
    User user =
        new User(name, request.database(), roles, UserArguments.credentials(name, body, name()));
    request.server().users().create(user);
    return new BsonDocument();
  }
}
