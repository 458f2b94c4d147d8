package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonString;

/** {@code whatsmyuri}: the client's own address as the server sees it. */
public final class WhatsMyUriCommand implements Command {

  @Override
  public String name() {
    return "whatsmyuri";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "Returns the client's host and port as seen by the server.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    return new BsonDocument("you", new BsonString(request.connection().remoteAddress()));
  }
}
