package dev.mongolake.server.command.users;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/**
 * {@code {dropUser: <name>}}: removes a user of the request's database. Connections it is
 * authenticated on keep the user but lose its privileges at once.
 *
 * <p>Fails with {@code dev.mongolake.MongoLakeException}: UserNotFound
 */
public final class DropUserCommand implements Command {

  private static final CommandFields FIELDS = CommandFields.of("dropUser");

  @Override
  public String name() {
    return "dropUser";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.database(request.database()), ActionType.DROP_USER);
  }

  @Override
  public String help() {
    return "Remove a user.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    String name = UserArguments.userName(request.body(), name());
    if (!request.server().users().drop(request.database(), name)) {
      throw UserArguments.notFound(name, request.database());
    }
    return new BsonDocument();
  }
}
