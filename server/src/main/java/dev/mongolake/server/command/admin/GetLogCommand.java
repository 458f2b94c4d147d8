package dev.mongolake.server.command.admin;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code getLog}: recent log lines by log name. MongoLake logs through SLF4J, not into an in-memory
 * ring, so the logs are empty; the answer has MongoDB's shape so that Compass and mongosh (which
 * ask for {@code startupWarnings}) carry on.
 */
public final class GetLogCommand implements Command {

  private static final List<String> LOG_NAMES = List.of("global", "startupWarnings");

  @Override
  public String name() {
    return "getLog";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.GET_LOG);
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "Returns recent log lines: { getLog: '*' } lists the log names.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonValue selector = request.body().get("getLog");
    if (!selector.isString()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "Argument to getLog must be of type String; found " + selector);
    }
    String name = selector.asString().getValue();
    if (name.equals("*")) {
      BsonArray names = new BsonArray();
      LOG_NAMES.forEach(n -> names.add(new BsonString(n)));
      return new BsonDocument("names", names);
    }
    if (!LOG_NAMES.contains(name)) {
      throw new MongoLakeException(ErrorCode.NO_SUCH_KEY, "No log named '" + name + "'");
    }
    return new BsonDocument("totalLinesWritten", new BsonInt32(0)).append("log", new BsonArray());
  }
}
