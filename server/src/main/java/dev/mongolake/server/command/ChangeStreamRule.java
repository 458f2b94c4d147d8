package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A replica set member refuses {@code $changeStream} (what drivers' {@code watch()} sends) with
 * CommandNotSupported, saying change streams are not supported yet: a standalone's refusal (40573,
 * "only supported on replica sets") would tell the client to use a replica set, which it does.
 */
final class ChangeStreamRule {

  private ChangeStreamRule() {}

  static void check(BsonDocument body) {
    if (!body.getFirstKey().equals("aggregate") || !(body.get("pipeline") instanceof BsonArray)) {
      return;
    }
    for (BsonValue stage : body.getArray("pipeline")) {
      if (stage instanceof BsonDocument document && document.containsKey("$changeStream")) {
        throw new MongoLakeException(
            ErrorCode.COMMAND_NOT_SUPPORTED,
            "Cannot open a change stream ($changeStream): change streams are not supported by"
                + " this server yet");
      }
    }
  }
}
