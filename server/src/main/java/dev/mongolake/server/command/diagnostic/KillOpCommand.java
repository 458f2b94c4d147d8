package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code killOp}: {@code {killOp: 1, op: <opid>}} on {@code admin}. Answers as MongoDB does, {@code
 * {info: "attempting to kill op"}}, for every op id (MongoDB also succeeds for an unknown one). The
 * operation is marked; it stops with Interrupted (11601) at its next cursor document (see {@link
 * dev.mongolake.server.command.OperationsInProgress}).
 *
 * <p>Fails with {@code MongoLakeException}: Unauthorized outside the admin database; NoSuchKey
 * without {@code op}; TypeMismatch when {@code op} is not a number
 */
public final class KillOpCommand implements Command {

  /** MongoDB's killOp reads {@code op} without IDL and ignores any other field. */
  private static final CommandFields FIELDS = CommandFields.ignoringOthers("killOp", "op");

  @Override
  public String name() {
    return "killOp";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.KILLOP);
  }

  @Override
  public String help() {
    return "Ask an operation in progress to stop.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    AdminDatabase.require(request);
    BsonValue op = request.body().get("op");
    if (op == null) {
      throw new MongoLakeException(ErrorCode.NO_SUCH_KEY, "Missing expected field \"op\"");
    }
    if (!op.isNumber()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "Expected field \"op\" to have numeric type, but found " + CommandArguments.typeName(op));
    }
    request.server().operations().kill(op.asNumber().longValue());
    return new BsonDocument("info", new BsonString("attempting to kill op"));
  }
}
