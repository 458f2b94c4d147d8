package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.LogicalSessionId;
import dev.mongolake.server.command.ServerContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * Logical session commands. Drivers attach an {@code lsid} to every command, and the cursors a
 * command opens belong to its session: ending or killing a session kills them, as in MongoDB. The
 * server keeps no other session state (no transactions or retryable writes on a standalone), so
 * refreshing a session has nothing to do.
 */
public final class SessionCommands {

  private SessionCommands() {}

  /** All session commands. */
  public static List<Command> all() {
    return List.of(
        new StartSession(),
        new EndSessions("endSessions", "End a set of sessions."),
        new Acknowledge("refreshSessions", "Renew a set of sessions.", Access.authenticated()),
        // One's own sessions: no privilege needed; everyone's (killAllSessions): killAnySession.
        new EndSessions("killSessions", "Kill a set of sessions."),
        new KillAllSessions());
  }

  private static final class StartSession implements Command {
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

  /**
   * {@code endSessions} and {@code killSessions}: {@code {<name>: [{id: UUID}, ...]}} kills the
   * cursors of the caller's sessions among those listed; an empty {@code killSessions} list kills
   * the cursors of all the caller's sessions (everyone's while auth is off, as in MongoDB).
   */
  private record EndSessions(String name, String help) implements Command {
    @Override
    public Access access(CommandRequest request) {
      return Access.authenticated();
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      List<BsonValue> listed = CommandArguments.of(request).array(name);
      Set<String> users = request.cursorOwners();
      if (listed.isEmpty() && name.equals("killSessions")) {
        request.server().cursors().killSessionsOf(users);
        return new BsonDocument();
      }
      List<LogicalSessionId> sessions = new ArrayList<>(listed.size());
      for (BsonValue lsid : listed) {
        sessions.add(LogicalSessionId.parse(lsid, name + "." + name));
      }
      request.server().cursors().killSessions(sessions, users);
      return new BsonDocument();
    }
  }

  /**
   * {@code killAllSessions}: {@code {killAllSessions: [{user, db}, ...]}} kills the cursors of
   * every session those users opened; an empty list kills those of every session.
   */
  private static final class KillAllSessions implements Command {
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
      request.server().cursors().killAllSessions(ownedBy);
      return new BsonDocument();
    }
  }

  private record Acknowledge(String name, String help, Access required) implements Command {
    @Override
    public Access access(CommandRequest request) {
      return required;
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      return new BsonDocument();
    }
  }
}
