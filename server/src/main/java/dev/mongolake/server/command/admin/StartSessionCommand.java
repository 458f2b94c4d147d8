package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.LogicalSessionId;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * {@code startSession}: a new logical session, owned by the caller, in the server's session cache
 * (see {@link dev.mongolake.server.command.LogicalSessionCache}); the reply is its id and the
 * session timeout.
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
    UUID id = UUID.randomUUID();
    request.server().sessions().touch(new LogicalSessionId(id), request.cursorOwners());
    return new BsonDocument("id", new BsonDocument("id", new BsonBinary(id)))
        .append("timeoutMinutes", new BsonInt32(request.server().sessionTimeoutMinutes()));
  }
}
