package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import java.security.SecureRandom;
import java.util.List;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code saslStart}, {@code saslContinue} and {@code logout}: SCRAM-SHA-256 and SCRAM-SHA-1
 * authentication against the users in the server's {@link UserStore}.
 */
public final class SaslCommands {

  private static final SecureRandom RANDOM = new SecureRandom();

  private SaslCommands() {}

  /** The authentication commands. */
  public static List<Command> all() {
    return List.of(new SaslStart(), new SaslContinue(), new Logout());
  }

  private static BsonDocument reply(int conversationId, boolean done, byte[] payload) {
    return new BsonDocument("conversationId", new BsonInt32(conversationId))
        .append("done", BsonBoolean.valueOf(done))
        .append("payload", new BsonBinary(payload));
  }

  private static byte[] payload(BsonDocument body) {
    BsonValue payload = body.get("payload");
    if (payload == null || !payload.isBinary()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "Cannot authenticate: 'payload' must be binary data");
    }
    return payload.asBinary().getData();
  }

  private static final class SaslStart implements Command {
    @Override
    public String name() {
      return "saslStart";
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
                          "Received authentication for mechanism "
                              + name
                              + " which is not enabled"));
      boolean skipEmptyExchange =
          body.isDocument("options")
              && body.getDocument("options")
                  .getBoolean("skipEmptyExchange", BsonBoolean.FALSE)
                  .getValue();
      ScramConversation conversation =
          new ScramConversation(
              mechanism, request.database(), request.server().users(), RANDOM, skipEmptyExchange);
      ConnectionAuth auth = request.connection().auth();
      byte[] serverFirst = conversation.start(payload(body));
      return reply(auth.begin(conversation), false, serverFirst);
    }
  }

  private static final class SaslContinue implements Command {
    @Override
    public String name() {
      return "saslContinue";
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
      ConnectionAuth auth = request.connection().auth();
      ScramConversation conversation = auth.current(id);
      byte[] clientMessage = payload(body);
      if (conversation.isVerified()) {
        // The closing empty round trip of a client that did not ask to skip it.
        auth.succeeded(conversation.user());
        return reply(id, true, new byte[0]);
      }
      byte[] serverFinal;
      try {
        serverFinal = conversation.finish(clientMessage);
      } catch (MongoLakeException e) {
        auth.abandon();
        throw e;
      }
      if (conversation.skipsEmptyExchange()) {
        auth.succeeded(conversation.user());
        return reply(id, true, serverFinal);
      }
      return reply(id, false, serverFinal);
    }
  }

  private static final class Logout implements Command {
    @Override
    public String name() {
      return "logout";
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
}
