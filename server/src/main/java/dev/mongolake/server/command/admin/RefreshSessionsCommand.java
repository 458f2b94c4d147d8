package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/**
 * {@code refreshSessions}: acknowledged and nothing more. The server keeps no session state but the
 * cursors its commands open (no transactions or retryable writes on a standalone), so refreshing a
 * session has nothing to do.
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
    return new BsonDocument();
  }
}
