package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ServerContext;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * {@code startSession}: a new logical session id, with the session timeout. The server keeps no
 * state for it beyond the cursors its commands open (see {@link EndSessionsCommand}).
 */
public final class StartSessionCommand implements Command {
  @Override
  public String name() {
    return "startSession";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  @Override
  public String help() {
    return "Start a logical session.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    return new BsonDocument("id", new BsonDocument("id", new BsonBinary(UUID.randomUUID())))
        .append("timeoutMinutes", new BsonInt32(ServerContext.LOGICAL_SESSION_TIMEOUT_MINUTES));
  }
}
