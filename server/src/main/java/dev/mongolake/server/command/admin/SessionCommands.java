package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ServerContext;
import java.util.List;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Logical session commands. MongoLake accepts sessions (drivers attach an {@code lsid} to every
 * command) but keeps no server-side session state, so ending or refreshing one has nothing to do.
 */
public final class SessionCommands {

  private SessionCommands() {}

  /** All session commands. */
  public static List<Command> all() {
    return List.of(
        new StartSession(),
        new Acknowledge("endSessions", "End a set of sessions.", Access.authenticated()),
        new Acknowledge("refreshSessions", "Renew a set of sessions.", Access.authenticated()),
        // Ending one's own sessions needs no privilege; everyone's needs killAnySession.
        new Acknowledge("killSessions", "Kill a set of sessions.", Access.authenticated()),
        new Acknowledge(
            "killAllSessions",
            "Kill all sessions.",
            Access.to(Resource.cluster(), ActionType.KILL_ANY_SESSION)));
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
