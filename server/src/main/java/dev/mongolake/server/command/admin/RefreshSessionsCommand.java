package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.LogicalSessionId;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code refreshSessions}: {@code {refreshSessions: [{id: UUID}, ...]}} marks the listed sessions
 * used now, so that they live another {@code logicalSessionTimeoutMinutes}; a session the server
 * did not know starts, owned by the caller.
 */
public final class RefreshSessionsCommand implements Command {
  @Override
  public String name() {
    return "refreshSessions";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  @Override
  public String help() {
    return "Renew a set of sessions.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    for (BsonValue lsid : CommandArguments.of(request).array(name())) {
      request
          .server()
          .sessions()
          .touch(LogicalSessionId.parse(lsid, name() + "." + name()), request.cursorOwners());
    }
    return new BsonDocument();
  }
}
