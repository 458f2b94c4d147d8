package dev.mongolake.server.command.users;

import dev.mongolake.server.auth.SaslStep;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/**
 * {@code saslContinue}: the next step of the SCRAM conversation {@link SaslStartCommand} began on
 * this connection. Once the client's proof is verified the connection is authenticated as the
 * conversation's user; a failed proof abandons the conversation.
 *
 * <p>Fails with {@code MongoLakeException}: ProtocolError when the conversation id is not the
 * connection's current one; TypeMismatch when the payload is not binary data; BadValue for a
 * malformed SCRAM message; AuthenticationFailed when the proof does not verify
 */
public final class SaslContinueCommand implements Command {

  private static final CommandFields FIELDS =
      CommandFields.of("saslContinue", "conversationId", "payload");

  @Override
  public String name() {
    return "saslContinue";
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
    return "Continue a SASL (SCRAM) authentication exchange.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    int id = body.isNumber("conversationId") ? body.getNumber("conversationId").intValue() : -1;
    SaslStep step = request.connection().auth().continueScram(id, () -> SaslMessages.payload(body));
    return SaslMessages.reply(step.conversationId(), step.done(), step.payload());
  }
}
