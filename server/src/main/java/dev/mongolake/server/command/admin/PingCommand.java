package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/** {@code ping}: answers {@code ok: 1}; clients use it to test the connection. */
public final class PingCommand implements Command {

  @Override
  public String name() {
    return "ping";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.open();
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "A way to check that the server is alive.";
  }

  @Override
  public boolean quick(BsonDocument body) {
    return true;
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    return new BsonDocument();
  }
}
