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
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code getParameter}: server parameters clients ask about (Compass asks for {@code
 * featureCompatibilityVersion}). {@code getParameter: '*'} or {@code {allParameters: true}} returns
 * all of them; otherwise each field naming a parameter asks for it, and other fields are ignored,
 * as MongoDB's parser (not IDL) ignores them.
 *
 * <p>Fails with {@code MongoLakeException}: InvalidOptions when no parameter is asked for;
 * NotImplemented for {@code showDetails: true} or {@code setAt}
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

  /** Every other field either names a parameter or is ignored, as in MongoDB. */
  private static final CommandFields FIELDS = CommandFields.ignoringOthers("getParameter");

  @Override
  public String name() {
    return "getParameter";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
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
    boolean all =
        selector.isDocument()
            ? allParameters(selector.asDocument())
            : selector.isString() && selector.asString().getValue().equals("*");
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

  /**
   * The options a document selector carries: {@code allParameters} works; {@code showDetails} (each
   * value with where it may be set) and {@code setAt} (only the parameters settable there) would
   * change the answer's shape or its selection, so they are refused rather than ignored.
   */
  private static boolean allParameters(BsonDocument options) {
    for (String option : List.of("showDetails", "setAt")) {
      BsonValue value = options.get(option);
      if (value != null && !(option.equals("showDetails") && CommandFields.FALSE.test(value))) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot run getParameter with '" + option + "': this option is not supported yet");
      }
    }
    BsonValue all = options.get("allParameters");
    return all != null && !CommandFields.FALSE.test(all) && !all.isNull();
  }
}
