package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.ServerContext;
import java.time.Duration;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code serverStatus}: uptime, connections, the logical sessions the server holds and operation
 * metrics.
 */
public final class ServerStatusCommand implements Command {

  @Override
  public String name() {
    return "serverStatus";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.SERVER_STATUS);
  }

  /** MongoDB's command is no IDL command: it ignores fields it does not read. */
  @Override
  public CommandFields fields() {
    return CommandFields.IGNORES_OTHERS;
  }

  @Override
  public String help() {
    return "Returns an overview of the server's state: uptime, connections, metrics.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    ServerContext server = request.server();
    Duration uptime = Duration.between(server.startTime(), server.clock().instant());
    BsonDocument connections =
        new BsonDocument("current", new BsonInt32((int) server.currentConnections()))
            .append(
                "available",
                new BsonInt32((int) (server.maxConnections() - server.currentConnections())))
            .append("totalCreated", new BsonInt64(server.totalConnections()))
            .append("awaitingTopologyChanges", new BsonInt64(server.topology().awaiting()));
    CursorRegistry cursors = server.cursors();
    // MongoDB's metrics.cursor fields, for the cursors this server has.
    BsonDocument metrics =
        new BsonDocument(
            "cursor",
            new BsonDocument("timedOut", new BsonInt64(cursors.timedOutCount()))
                .append("totalOpened", new BsonInt64(cursors.openedCount()))
                .append(
                    "open",
                    new BsonDocument("noTimeout", new BsonInt64(cursors.openWithoutTimeoutCount()))
                        .append("total", new BsonInt64(cursors.openCount()))));
    return new BsonDocument("host", new BsonString(HostInfoCommand.hostName()))
        .append("version", new BsonString(ServerContext.COMPATIBLE_MONGODB_VERSION))
        .append("process", new BsonString("mongolake"))
        .append("pid", new BsonInt64(ProcessHandle.current().pid()))
        .append("uptime", new BsonDouble(uptime.toMillis() / 1000.0))
        .append("uptimeMillis", new BsonInt64(uptime.toMillis()))
        .append("uptimeEstimate", new BsonInt64(uptime.toSeconds()))
        .append("localTime", new BsonDateTime(server.clock().millis()))
        .append("connections", connections)
        .append(
            "logicalSessionRecordCache",
            new BsonDocument("activeSessionsCount", new BsonInt64(server.sessions().size())))
        .append("metrics", metrics);
  }
}
