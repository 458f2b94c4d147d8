package dev.mongolake.server.command.admin;

import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonArray;
import org.bson.BsonDocument;

/** {@code connectionStatus}: who is authenticated on this connection. */
public final class ConnectionStatusCommand implements Command {

  @Override
  public String name() {
    return "connectionStatus";
  }

  @Override
  public String help() {
    return "Returns connection-specific information such as logged-in users and their roles.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument authInfo =
        new BsonDocument("authenticatedUsers", new BsonArray())
            .append("authenticatedUserRoles", new BsonArray());
    return new BsonDocument("authInfo", authInfo);
  }
}
