package dev.mongolake.server.command.diagnostic;

import dev.mongolake.delta.query.Filter;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.CommandText;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.command.OperationsInProgress;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code currentOp}: {@code {currentOp: 1, $all, $ownOps, <filter fields>}} on {@code admin}.
 *
 * <p>Reports every command running on any connection (the dispatcher registers each one, see {@link
 * OperationsInProgress}), this one included; {@code $ownOps: true} keeps the caller's connection's
 * only. The remaining top-level fields filter the operations, as in MongoDB: every field but the
 * command's own, its options and the generic ones ({@code lsid}, {@code $db}, {@code comment}...),
 * so a top-level {@code $or} or {@code $and} filters too.
 *
 * <p>Fails with {@code dev.mongolake.MongoLakeException}: Unauthorized outside the admin database
 */
public final class CurrentOpCommand implements Command {

  /** The command's options; MongoDB's currentOp leaves them out of the filter. */
  private static final Set<String> OPTIONS = Set.of("$all", "$ownOps", "$truncateOps");

  /**
   * Every other field is the filter, as MongoDB's non-IDL parser has it. {@code $all: true} would
   * add idle connections, which this server does not list yet. {@code $truncateOps} is honoured by
   * MongoDB only with test commands enabled, so it changes nothing there either.
   */
  private static final CommandFields FIELDS =
      CommandFields.ignoringOthers("currentOp", "$ownOps", "$truncateOps")
          .refusingUnless("$all", CommandFields.FALSE);

  @Override
  public String name() {
    return "currentOp";
  }

  /** {@code inprog} on the cluster, except for {@code $ownOps: true}: anyone may see their own. */
  @Override
  public Access access(CommandRequest request) {
    return ownOps(request.body())
        ? Access.authenticated()
        : Access.to(Resource.cluster(), ActionType.INPROG);
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public String help() {
    return "List the operations in progress.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    AdminDatabase.require(request);
    boolean ownOnly = ownOps(request.body());
    Filter filter = Filter.parse(filter(request.body()));
    Instant now = request.server().clock().instant();
    BsonArray inProgress = new BsonArray();
    for (OperationsInProgress.Operation operation : request.server().operations().all()) {
      if (ownOnly && operation.connection().id() != request.connection().id()) {
        continue;
      }
      BsonDocument described = describe(operation, now);
      if (filter.matches(described)) {
        inProgress.add(described);
      }
    }
    return new BsonDocument("inprog", inProgress);
  }

  /** {@code $ownOps} is read for its truth, as MongoDB reads it ({@code 1} counts). */
  private static boolean ownOps(BsonDocument body) {
    BsonValue value = body.get("$ownOps");
    if (value == null || value.isNull()) {
      return false;
    }
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    return !value.isNumber() || value.asNumber().doubleValue() != 0;
  }

  private static BsonDocument filter(BsonDocument body) {
    BsonDocument filter = new BsonDocument();
    boolean first = true;
    for (var field : body.entrySet()) {
      if (first) {
        first = false; // the command's own name
        continue;
      }
      if (!OPTIONS.contains(field.getKey()) && !CommandFields.isGeneric(field.getKey())) {
        filter.append(field.getKey(), field.getValue());
      }
    }
    return filter;
  }

  /** The operation as {@code currentOp} and {@code $currentOp} report it. */
  static BsonDocument describe(OperationsInProgress.Operation operation, Instant now) {
    ConnectionInfo connection = operation.connection();
    BsonDocument op =
        new BsonDocument("type", new BsonString("op"))
            .append("host", new BsonString(connection.localAddress()))
            .append("desc", new BsonString("conn" + connection.id()))
            .append("connectionId", new BsonInt64(connection.id()))
            .append("client", new BsonString(connection.remoteAddress()));
    connection.clientMetadata().ifPresent(metadata -> op.append("clientMetadata", metadata));
    BsonArray users = new BsonArray();
    connection
        .auth()
        .users()
        .forEach(
            user ->
                users.add(
                    new BsonDocument("user", new BsonString(user.name()))
                        .append("db", new BsonString(user.database()))));
    if (!users.isEmpty()) {
      op.append("effectiveUsers", users);
    }
    Duration running = Duration.between(operation.started(), now);
    return op.append("active", BsonBoolean.TRUE)
        .append("currentOpTime", new BsonString(now.toString()))
        .append("opid", new BsonInt64(operation.opId()))
        .append("secs_running", new BsonInt64(running.toSeconds()))
        .append("microsecs_running", new BsonInt64(running.toNanos() / 1_000))
        .append("op", new BsonString("command"))
        .append("ns", new BsonString(operation.database() + ".$cmd"))
        .append("command", CommandText.redacted(operation.command()))
        .append("numYields", new BsonInt64(0))
        .append("locks", new BsonDocument())
        .append("waitingForLock", BsonBoolean.FALSE)
        .append("killPending", BsonBoolean.valueOf(operation.killed()));
  }
}
