package dev.mongolake.server.command.users;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.SaslStep;
import dev.mongolake.server.auth.ScramMechanism;
import dev.mongolake.server.auth.UserStore;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import java.security.SecureRandom;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;

/**
 * {@code saslStart}: begins a SCRAM-SHA-256 or SCRAM-SHA-1 authentication against the users in the
 * server's {@link UserStore}, answering the server's first message; {@link SaslContinueCommand}
 * carries on the conversation.
 *
 * <p>Fails with {@code MongoLakeException}: BadValue for a mechanism that is not enabled or a
 * malformed SCRAM message; TypeMismatch when the payload is not binary data
 */
public final class SaslStartCommand implements Command {

  /** MongoDB ignores {@code autoAuthorize} too: a verified proof always authorizes. */
  private static final CommandFields FIELDS =
      CommandFields.of("saslStart", "mechanism", "autoAuthorize", "options", "payload");

  private static final SecureRandom RANDOM = new SecureRandom();

  @Override
  public String name() {
    return "saslStart";
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
    return "Begin a SASL (SCRAM) authentication exchange.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    String name = body.isString("mechanism") ? body.getString("mechanism").getValue() : "";
    ScramMechanism mechanism =
        ScramMechanism.byName(name)
            .orElseThrow(
                () ->
                    new MongoLakeException(
                        ErrorCode.BAD_VALUE,
                        "Received authentication for mechanism " + name + " which is not enabled"));
    boolean skipEmptyExchange =
        body.isDocument("options")
            && body.getDocument("options")
                .getBoolean("skipEmptyExchange", BsonBoolean.FALSE)
                .getValue();
    SaslStep step =
        request
            .connection()
            .auth()
            .startScram(
                mechanism,
                request.database(),
                request.server().users(),
                RANDOM,
                skipEmptyExchange,
                SaslMessages.payload(body));
    return SaslMessages.reply(step.conversationId(), step.done(), step.payload());
  }
}
