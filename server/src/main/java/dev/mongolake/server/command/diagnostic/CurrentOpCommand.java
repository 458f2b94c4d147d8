package dev.mongolake.server.command.diagnostic;

import dev.mongolake.delta.query.Filter;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ConnectionInfo;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code currentOp}: {@code {currentOp: 1, $all, $ownOps, <filter fields>}} on {@code admin}.
 *
 * <p>Reports the calling connection's own operation only: the server does not yet keep a registry
 * of the commands in flight on other connections, so listing them would need the dispatcher to
 * record each one. The remaining top-level fields filter the operations, as in MongoDB.
 *
 * @throws dev.mongolake.MongoLakeException Unauthorized outside the admin database
 */
final class CurrentOpCommand implements Command {

  /** Fields of the command that are options or generic arguments, not part of the filter. */
  private static final Set<String> NOT_FILTER =
      Set.of(
          "currentOp",
          "lsid",
          "txnNumber",
          "comment",
          "apiVersion",
          "apiStrict",
          "apiDeprecationErrors");

  private final AtomicLong nextOpId = new AtomicLong(1);

  @Override
  public String name() {
    return "currentOp";
  }

  @Override
  public String help() {
    return "List the operations in progress (the calling connection's own).";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    AdminDatabase.require(request);
    BsonDocument own = describe(request, nextOpId.getAndIncrement());
    BsonArray inProgress = new BsonArray();
    if (Filter.parse(filter(request.body())).matches(own)) {
      inProgress.add(own);
    }
    return new BsonDocument("inprog", inProgress);
  }

  private static BsonDocument filter(BsonDocument body) {
    BsonDocument filter = new BsonDocument();
    body.forEach(
        (field, value) -> {
          if (!field.startsWith("$") && !NOT_FILTER.contains(field)) {
            filter.append(field, value);
          }
        });
    return filter;
  }

  private static BsonDocument describe(CommandRequest request, long opId) {
    ConnectionInfo connection = request.connection();
    BsonDocument op =
        new BsonDocument("type", new BsonString("op"))
            .append("host", new BsonString(connection.localAddress()))
            .append("desc", new BsonString("conn" + connection.id()))
            .append("connectionId", new BsonInt64(connection.id()))
            .append("client", new BsonString(connection.remoteAddress()));
    connection.clientMetadata().ifPresent(metadata -> op.append("clientMetadata", metadata));
    return op.append("active", BsonBoolean.TRUE)
        .append("currentOpTime", new BsonString(request.server().clock().instant().toString()))
        .append("opid", new BsonInt64(opId))
        // It is this very command, started an instant ago.
        .append("secs_running", new BsonInt64(0))
        .append("microsecs_running", new BsonInt64(0))
        .append("op", new BsonString("command"))
        .append("ns", new BsonString(request.database() + ".$cmd"))
        .append("command", request.body())
        .append("numYields", new BsonInt64(0))
        .append("locks", new BsonDocument())
        .append("waitingForLock", BsonBoolean.FALSE);
  }
}
