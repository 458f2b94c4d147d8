package dev.mongolake.server.command.admin;

import dev.mongolake.server.auth.ConnectionAuth;
import dev.mongolake.server.auth.RoleName;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.Privilege;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * {@code connectionStatus}: who is authenticated on this connection, the roles granted to them and,
 * with {@code showPrivileges: true}, every privilege those roles add up to.
 */
public final class ConnectionStatusCommand implements Command {

  private static final CommandFields FIELDS =
      CommandFields.of("connectionStatus", "showPrivileges");

  @Override
  public String name() {
    return "connectionStatus";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.open();
  }

  @Override
  public String help() {
    return "Returns connection-specific information such as logged-in users and their roles.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    ConnectionAuth auth = request.connection().auth();
    BsonArray users = new BsonArray();
    auth.users()
        .forEach(
            user ->
                users.add(
                    new BsonDocument("user", new BsonString(user.name()))
                        .append("db", new BsonString(user.database()))));
    var authorization = request.server().authorization();
    BsonDocument authInfo =
        new BsonDocument("authenticatedUsers", users)
            .append("authenticatedUserRoles", RoleName.toArray(authorization.grantedRoles(auth)));
    // A safeBool, as MongoDB's parser has it: showPrivileges: 1 asks for them too.
    if (CommandArguments.of(request).bool("showPrivileges", false)) {
      authInfo.append(
          "authenticatedUserPrivileges",
          Privilege.toArray(authorization.resolve(auth).privileges().privileges()));
    }
    return new BsonDocument("authInfo", authInfo);
  }
}
