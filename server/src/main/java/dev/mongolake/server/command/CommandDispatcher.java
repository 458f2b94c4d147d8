package dev.mongolake.server.command;

import dev.mongolake.DeferredDurability;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.query.QueryException;
import dev.mongolake.internal.engine.QueryErrors;
import dev.mongolake.server.metrics.CommandTimer;
import dev.mongolake.server.metrics.ServerMetrics;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
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
  private final CommandTimer timer;

  public CommandDispatcher(CommandRegistry registry, ServerContext server) {
    this.registry = registry;
    this.server = server;
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
    long start = System.nanoTime();
    // Resolved once: both the run and its measurement need it.
    Command command = command(body).orElse(null);
    BsonDocument reply = run(database, body, command, connection, exhaustAllowed);
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
   * Whether running {@code body} is quick (see {@link Command#quick}); an unknown or empty command
   * is: it is answered with an error at once.
   */
  public boolean quick(BsonDocument body) {
    return command(body).map(c -> c.quick(body)).orElse(true);
  }

  // Only registered names become metric labels: a client inventing names cannot add series.
  private Optional<Command> command(BsonDocument body) {
    return body.isEmpty() ? Optional.empty() : registry.find(body.getFirstKey());
  }

  private BsonDocument run(
      String database,
      BsonDocument body,
      Command command,
      ConnectionInfo connection,
      boolean exhaustAllowed) {
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
      if (command == null) {
        throw new MongoLakeException(
            ErrorCode.COMMAND_NOT_FOUND, "no such command: '" + name + "'");
      }
      checkAuthorized(command, connection);
      OperationsInProgress.Operation operation =
          server.operations().begin(connection, database, body, server.clock().instant());
      try {
        BsonDocument reply =
            command.run(new CommandRequest(database, body, connection, server, exhaustAllowed));
        reply.put("ok", new BsonDouble(1.0));
        return reply;
      } finally {
        server.operations().end(operation);
      }
    } catch (MongoLakeException e) {
      BsonDocument reply = errorReply(e.errorCode(), e.getMessage());
      if (e.errorCode() == ErrorCode.SHUTDOWN_IN_PROGRESS) {
        // As MongoDB does for shutdown errors: drivers compare it with the version they know.
        reply.put("topologyVersion", server.topology().version().toBson());
      }
      return reply;
    } catch (QueryException e) {
      MongoLakeException translated = QueryErrors.translate(e);
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

  private void checkAuthorized(Command command, ConnectionInfo connection) {
    if (!server.authEnabled()
        || !command.requiresAuthentication()
        || connection.auth().isAuthenticated()) {
      return;
    }
    // MongoDB's localhost exception: with no user yet, a local client may create the first one.
    boolean localhostException =
        command.name().equals("createUser") && connection.isLoopback() && server.users().isEmpty();
    if (!localhostException) {
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED, "Command " + command.name() + " requires authentication");
    }
  }

  private static BsonDocument failureReply(Throwable error) {
    MongoLakeException failure = UnexpectedFailure.of("run command", error);
    return errorReply(failure.errorCode(), failure.getMessage());
  }

  /** The error reply for a failure with this code and message. */
  public static BsonDocument errorReply(ErrorCode code, String message) {
    return new BsonDocument("ok", new BsonDouble(0.0))
        .append("errmsg", new BsonString(message == null ? code.codeName() : message))
        .append("code", new BsonInt32(code.code()))
        .append("codeName", new BsonString(code.codeName()));
  }
}
