package dev.mongolake.server.command.users;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/** {@code logout}: forgets the users authenticated on this connection. */
public final class LogoutCommand implements Command {

  private static final CommandFields FIELDS = CommandFields.of("logout");

  @Override
  public String name() {
    return "logout";
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
    return "Forget the users authenticated on this connection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    request.connection().auth().logout();
    return new BsonDocument();
  }
}
