package dev.mongolake.server.command.admin;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code getParameter}: server parameters clients ask about (Compass asks for {@code
 * featureCompatibilityVersion}). {@code getParameter: '*'} returns all of them.
 */
public final class GetParameterCommand implements Command {

  private static final Map<String, BsonValue> PARAMETERS =
      Map.of(
          "featureCompatibilityVersion", new BsonDocument("version", new BsonString("8.0")),
          "authenticationMechanisms",
              new org.bson.BsonArray(
                  java.util.List.of(
                      new BsonString("SCRAM-SHA-1"), new BsonString("SCRAM-SHA-256"))),
          "logLevel", new BsonInt32(0),
          "quiet", org.bson.BsonBoolean.FALSE);

  @Override
  public String name() {
    return "getParameter";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.GET_PARAMETER);
  }

  @Override
  public String help() {
    return "Get the value of server parameters.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    BsonValue selector = body.get("getParameter");
    boolean all = selector.isString() && selector.asString().getValue().equals("*");
    BsonDocument reply = new BsonDocument();
    PARAMETERS.keySet().stream()
        .sorted()
        .filter(name -> all || body.containsKey(name))
        .forEach(name -> reply.put(name, PARAMETERS.get(name)));
    if (reply.isEmpty()) {
      throw new MongoLakeException(ErrorCode.INVALID_OPTIONS, "no option found to get");
    }
    return reply;
  }
}
