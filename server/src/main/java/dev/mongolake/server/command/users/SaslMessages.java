package dev.mongolake.server.command.users;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * The messages of a SASL exchange as {@code saslStart} and {@code saslContinue} carry them: the
 * client's payload in the request, the server's in the reply.
 */
final class SaslMessages {

  private SaslMessages() {}

  /** A reply carrying the server's next message. */
  static BsonDocument reply(int conversationId, boolean done, byte[] payload) {
    return new BsonDocument("conversationId", new BsonInt32(conversationId))
        .append("done", BsonBoolean.valueOf(done))
        .append("payload", new BsonBinary(payload));
  }

  /**
   * The client's message in a request.
   *
   * @throws MongoLakeException TypeMismatch when {@code payload} is missing or not binary data
   */
  static byte[] payload(BsonDocument body) {
    BsonValue payload = body.get("payload");
    if (payload == null || !payload.isBinary()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "Cannot authenticate: 'payload' must be binary data");
    }
    return payload.asBinary().getData();
  }
}
