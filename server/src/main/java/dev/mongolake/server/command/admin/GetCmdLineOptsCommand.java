package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;

/** {@code getCmdLineOpts}: the command line the server was started with. */
public final class GetCmdLineOptsCommand implements Command {

  @Override
  public String name() {
    return "getCmdLineOpts";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.GET_CMD_LINE_OPTS);
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "Get the command-line options the server was started with.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonArray argv = new BsonArray();
    request.server().argv().forEach(arg -> argv.add(new BsonString(arg)));
    return new BsonDocument("argv", argv).append("parsed", new BsonDocument());
  }
}
