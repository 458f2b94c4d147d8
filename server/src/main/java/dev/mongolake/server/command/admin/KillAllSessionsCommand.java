package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.bson.BsonDocument;

/**
 * {@code killAllSessions}: {@code {killAllSessions: [{user, db}, ...]}} ends every session those
 * users opened, with its cursors; an empty list ends every session.
 */
public final class KillAllSessionsCommand implements Command {
  @Override
  public String name() {
    return "killAllSessions";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.KILL_ANY_SESSION);
  }

  @Override
  public String help() {
    return "Kill all sessions.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    List<BsonDocument> patterns = CommandArguments.of(request).documents(name());
    Set<String> users = new HashSet<>();
    for (BsonDocument pattern : patterns) {
      CommandArguments user = new CommandArguments(name() + "." + name(), pattern);
      users.add(user.requiredString("db") + "." + user.requiredString("user"));
    }
    Predicate<Set<String>> ownedBy =
        patterns.isEmpty() ? owners -> true : owners -> owners.stream().anyMatch(users::contains);
    request.server().sessions().killAll(ownedBy);
    return new BsonDocument();
  }
}
