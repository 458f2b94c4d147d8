package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.LogicalSessionId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code endSessions} and {@code killSessions}: {@code {<name>: [{id: UUID}, ...]}} ends the
 * caller's sessions among those listed; an empty {@code killSessions} list ends all the caller's
 * sessions (everyone's while auth is off, as in MongoDB). Drivers attach an {@code lsid} to every
 * command, and the cursors a command opens belong to its session: ending or killing a session kills
 * them and forgets its retryable writes, as in MongoDB.
 *
 * @param name the command's name, {@code endSessions} or {@code killSessions}
 * @param help its line for {@code listCommands}
 */
public record EndSessionsCommand(String name, String help) implements Command {

  /**
   * One's own sessions: no privilege needed (everyone's, {@code killAllSessions}, needs {@code
   * killAnySession}).
   */
  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    List<BsonValue> listed = CommandArguments.of(request).array(name);
    Set<String> users = request.cursorOwners();
    if (listed.isEmpty() && name.equals("killSessions")) {
      request.server().sessions().endAllOf(users);
      return new BsonDocument();
    }
    List<LogicalSessionId> sessions = new ArrayList<>(listed.size());
    for (BsonValue lsid : listed) {
      sessions.add(LogicalSessionId.parse(lsid, name + "." + name));
    }
    request.server().sessions().end(sessions, users);
    return new BsonDocument();
  }
}
