package dev.mongolake.server.command;

import dev.mongolake.DeferredDurability;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.Cancellation;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.CommandText;
import dev.mongolake.server.metrics.CommandTimer;
import dev.mongolake.server.metrics.ServerMetrics;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs commands and shapes every reply: success gets {@code ok: 1}; every failure becomes {@code
 * {ok: 0, errmsg, code, codeName}}, built here and nowhere else.
 */
public final class CommandDispatcher {

  private static final Logger LOG = LoggerFactory.getLogger(CommandDispatcher.class);

  private final CommandRegistry registry;
  private final ServerContext server;
  private final WriteConcernRule writeConcern;
  private final CommandTimer timer;

  /**
   * A dispatcher for commands that write nothing to a log (see {@link WriteConcernRule#NO_LOG}).
   */
  public CommandDispatcher(CommandRegistry registry, ServerContext server) {
    this(registry, server, WriteConcernRule.NO_LOG);
  }

  public CommandDispatcher(
      CommandRegistry registry, ServerContext server, WriteConcernRule writeConcern) {
    this.registry = registry;
    this.server = server;
    this.writeConcern = writeConcern;
    this.timer = new CommandTimer(server.metrics());
  }

  public CommandRegistry registry() {
    return registry;
  }

  /**
   * Runs one command and returns its reply document. Never throws for a client's mistake or a
   * handler's failure: those become error replies.
   *
   * <p>Every command is measured here, whichever front end (wire protocol or REST) sent it.
   *
   * @param database the target database, or {@code null} if the request named none
   */
  public BsonDocument dispatch(String database, BsonDocument body, ConnectionInfo connection) {
    return dispatch(database, body, connection, false);
  }

  /**
   * Runs one command as {@link #dispatch(String, BsonDocument, ConnectionInfo)} does.
   *
   * @param exhaustAllowed the request was an OP_MSG flagged {@code exhaustAllowed}
   */
  public BsonDocument dispatch(
      String database, BsonDocument body, ConnectionInfo connection, boolean exhaustAllowed) {
    return dispatch(database, body, null, connection, exhaustAllowed);
  }

  /**
   * Runs one command sent in a logical session, as {@link #dispatch(String, BsonDocument,
   * ConnectionInfo)} does.
   *
   * @param lsid the request's {@code lsid} (which the transport keeps out of {@code body}), or
   *     {@code null} when it has none; one that is not {@code {id: <UUID>}} is refused
   * @param exhaustAllowed the request was an OP_MSG flagged {@code exhaustAllowed}
   */
  public BsonDocument dispatch(
      String database,
      BsonDocument body,
      BsonValue lsid,
      ConnectionInfo connection,
      boolean exhaustAllowed) {
    long start = System.nanoTime();
    // Resolved once: both the run and its measurement need it.
    Command command = command(body).orElse(null);
    BsonDocument reply = run(database, body, lsid, command, connection, exhaustAllowed);
    // Every reply of a replica set member, an error's too, carries the cluster time.
    server.replicaSet().ifPresent(member -> member.addClusterTime(reply));
    // A write is measured until it is durable, also when its transport waits for that later.
    DeferredDurability.whenDurable(
        () ->
            timer.finished(
                command == null ? ServerMetrics.UNKNOWN_COMMAND : command.name(),
                start,
                body,
                reply,
                command == null || command.measuresLatency(body)));
    return reply;
  }

  /**
   * The request the server answers next on an exhaust stream after {@code reply} to {@code body},
   * or empty when {@code reply} ends the stream (see {@link Command#nextExhaustRequest}).
   */
  public Optional<BsonDocument> nextExhaustRequest(BsonDocument body, BsonDocument reply) {
    return command(body).flatMap(c -> c.nextExhaustRequest(body, reply));
  }

  /**
   * Tells the command of an exhaust stream that the stream ended before the server answered {@code
   * next} (see {@link Command#exhaustStreamBroken}).
   */
  public void exhaustStreamBroken(BsonDocument next) {
    command(next).ifPresent(c -> c.exhaustStreamBroken(next));
  }

  /**
   * Whether running {@code body} is quick (see {@link Command#quick}); an unknown or empty command
   * is: it is answered with an error at once.
   */
  public boolean quick(BsonDocument body) {
    if (!writeConcern.logSyncedBeforeEveryReply()
        && body.get("writeConcern") instanceof BsonDocument concern
        && (concern.containsKey("j") || concern.containsKey("fsync"))) {
      return false; // it may sync the log before its reply, which a loop must not wait for
    }
    return command(body).map(c -> c.quick(body)).orElse(true);
  }

  // Only registered names become metric labels: a client inventing names cannot add series.
  private Optional<Command> command(BsonDocument body) {
    return body.isEmpty() ? Optional.empty() : registry.find(body.getFirstKey());
  }

  private BsonDocument run(
      String database,
      BsonDocument body,
      BsonValue lsid,
      Command command,
      ConnectionInfo connection,
      boolean exhaustAllowed) {
    boolean inTransaction = false;
    try {
      if (body.isEmpty()) {
        throw new MongoLakeException(ErrorCode.FAILED_TO_PARSE, "Cannot run command: it is empty");
      }
      String name = body.getFirstKey();
      if (database == null) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "Cannot run command '" + name + "': it names no database ($db)");
      }
      Optional<ReplicaSetMember> replicaSet = server.replicaSet();
      TransactionFieldsRule.TransactionFields transaction =
          TransactionFieldsRule.check(body, command, replicaSet.isPresent(), lsid != null);
      inTransaction = transaction.inTransaction();
      Long txnNumber = transaction.retryableTxnNumber();
      String readConcernLevel = TransactionStatements.readConcernLevel(body);
      if (transaction.inTransaction()) {
        body = TransactionStatements.concernsChecked(body, transaction, replicaSet.orElseThrow());
      } else {
        ReadConcernRule.check(database, body, replicaSet);
      }
      boolean syncLog = writeConcern.syncBeforeReply(body);
      if (command == null) {
        throw new MongoLakeException(
            ErrorCode.COMMAND_NOT_FOUND, "no such command: '" + name + "'");
      }
      LogicalSessionId session =
          lsid == null ? null : LogicalSessionId.parse(lsid, "OperationSessionInfo.lsid");
      CommandRequest request =
          new CommandRequest(
              database, body, connection, server, exhaustAllowed, session, txnNumber);
      checkAuthorized(command, request);
      if (replicaSet.isPresent()) {
        OplogWriteRule.check(database, body);
      }
      command.fields().check(body);
      if (session != null && txnNumber == null) {
        server.sessions().touch(session, request.cursorOwners());
      }
      // A retryable write or a transaction's statement checks its session out (using it): one
      // command of a session at a time.
      ReentrantLock checkout =
          txnNumber == null && !transaction.inTransaction()
              ? null
              : server.sessions().checkout(session, request.cursorOwners());
      try {
        if (txnNumber != null) {
          replicaSet.orElseThrow().retryableWrites().begin(session.id(), txnNumber);
        }
        if (transaction.inTransaction() && !TransactionFieldsRule.endsTransaction(command)) {
          BsonDocument checkedBody = body;
          return TransactionStatements.run(
              replicaSet.orElseThrow().transactions(),
              session,
              transaction,
              readConcernLevel,
              () -> runChecked(command, request, database, checkedBody, connection, syncLog));
        }
        return runChecked(command, request, database, body, connection, syncLog);
      } finally {
        if (checkout != null) {
          checkout.unlock();
        }
      }
    } catch (MongoLakeException e) {
      BsonDocument reply = errorReply(e);
      if (inTransaction) {
        TransactionStatements.label(reply, e.errorCode());
      }
      if (e.errorCode() == ErrorCode.SHUTDOWN_IN_PROGRESS) {
        // As MongoDB does for shutdown errors: drivers compare it with the version they know.
        reply.put("topologyVersion", server.topology().version().toBson());
      }
      return reply;
    } catch (QueryException e) {
      MongoLakeException translated = MongoLakeException.fromQueryError(e);
      return errorReply(translated.errorCode(), translated.getMessage());
    } catch (RuntimeException e) {
      LOG.error("Command {} failed unexpectedly", body.isEmpty() ? "?" : body.getFirstKey(), e);
      return failureReply(e);
    } catch (StackOverflowError | OutOfMemoryError e) {
      // One request's input did this (the decoders bound nesting, so it should not happen): it
      // fails alone, its connection and every other carry on.
      LOG.warn("Command {} failed: {}", body.isEmpty() ? "?" : body.getFirstKey(), e.toString());
      return failureReply(e);
    }
  }

  /** Runs a command that passed every check, measured as an operation in progress. */
  private BsonDocument runChecked(
      Command command,
      CommandRequest request,
      String database,
      BsonDocument body,
      ConnectionInfo connection,
      boolean syncLog) {
    long deadline = MaxTimeMS.deadline(body, System.nanoTime());
    if (!command.limitedByMaxTimeMS(body)) {
      // An awaitData getMore's maxTimeMS is how long it waits, not a limit on the operation.
      deadline = MaxTimeMS.NO_DEADLINE;
    }
    OperationsInProgress.Operation operation =
        server.operations().begin(connection, database, body, server.clock().instant(), deadline);
    try {
      BsonDocument reply = Cancellation.with(operation::throwIfStopped, () -> command.run(request));
      if (syncLog) {
        // j: true in ASYNC durability: the writes are on disk before they are acknowledged.
        writeConcern.syncLog().run();
      }
      reply.put("ok", new BsonDouble(1.0));
      return reply;
    } finally {
      server.operations().end(operation);
    }
  }

  /**
   * The one place where authorization is decided: an unauthenticated client may run only the
   * commands open to anyone; an authenticated one, what its users' roles grant for this request
   * (see {@link Command#access}). Refusals are Unauthorized, in MongoDB's words.
   */
  private void checkAuthorized(Command command, CommandRequest request) {
    if (!server.authEnabled()) {
      return;
    }
    ConnectionInfo connection = request.connection();
    if (!connection.auth().isAuthenticated()) {
      if (isOpen(command, request) || localhostException(command, connection)) {
        return;
      }
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED, "Command " + command.name() + " requires authentication");
    }
    Access access = command.access(request).expand(inner -> accessOf(inner, connection));
    if (!server.authorization().permits(connection.auth(), access)) {
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED,
          "not authorized on "
              + request.database()
              + " to execute command "
              + CommandText.of(request.body()));
    }
  }

  // An unauthenticated client learns nothing of whether its request would parse.
  private static boolean isOpen(Command command, CommandRequest request) {
    try {
      return command.access(request) instanceof Access.Open;
    } catch (MongoLakeException | QueryException e) {
      return false;
    }
  }

  // MongoDB's localhost exception: with no user yet, a local client may create the first one.
  private boolean localhostException(Command command, ConnectionInfo connection) {
    return command.name().equals("createUser")
        && connection.isLoopback()
        && server.users().isEmpty();
  }

  /** What the command inside {@code explain} would require; an unknown one runs nothing. */
  private Access accessOf(Access.AsCommand inner, ConnectionInfo connection) {
    BsonDocument body = inner.body();
    Optional<Command> command =
        body.isEmpty() ? Optional.empty() : registry.find(body.getFirstKey());
    return command
        .map(c -> c.access(new CommandRequest(inner.database(), body, connection, server)))
        .orElse(Access.authenticated());
  }

  private static BsonDocument failureReply(Throwable error) {
    MongoLakeException failure = UnexpectedFailure.of("run command", error);
    return errorReply(failure.errorCode(), failure.getMessage());
  }

  /** The error reply for this failure, its structured detail (keyPattern, keyValue...) included. */
  public static BsonDocument errorReply(MongoLakeException failure) {
    BsonDocument reply = errorReply(failure.errorCode(), failure.getMessage());
    reply.putAll(failure.errorInfo());
    return reply;
  }

  /** The error reply for a failure with this code and message. */
  public static BsonDocument errorReply(ErrorCode code, String message) {
    return new BsonDocument("ok", new BsonDouble(0.0))
        .append("errmsg", new BsonString(message == null ? code.codeName() : message))
        .append("code", new BsonInt32(code.code()))
        .append("codeName", new BsonString(code.codeName()));
  }
}
