package dev.mongolake.server.command;

import dev.mongolake.server.auth.User;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.bson.BsonDocument;

/**
 * A command as a handler sees it.
 *
 * @param database the target database ({@code $db}, or the OP_QUERY namespace's database)
 * @param body the command document, document sequences merged in as arrays
 * @param connection the connection it arrived on
 * @param server server-wide state
 * @param exhaustAllowed the OP_MSG carried the {@code exhaustAllowed} flag: the client accepts a
 *     stream of replies (see {@link Command#nextExhaustRequest})
 * @param session the logical session the request was sent in ({@code lsid}), or {@code null}
 * @param txnNumber the retryable write's transaction number, or {@code null} when the request is
 *     not one (see {@link #retryable()})
 */
public record CommandRequest(
    String database,
    BsonDocument body,
    ConnectionInfo connection,
    ServerContext server,
    boolean exhaustAllowed,
    LogicalSessionId session,
    Long txnNumber) {

  /** A request that is not a retryable write. */
  public CommandRequest(
      String database,
      BsonDocument body,
      ConnectionInfo connection,
      ServerContext server,
      boolean exhaustAllowed,
      LogicalSessionId session) {
    this(database, body, connection, server, exhaustAllowed, session, null);
  }

  /** A request that accepts exactly one reply, in no session. */
  public CommandRequest(
      String database, BsonDocument body, ConnectionInfo connection, ServerContext server) {
    this(database, body, connection, server, false, null, null);
  }

  /**
   * The users who own the cursors this request opens, and whose cursors it may continue: the
   * connection's authenticated users when authorization is on, none otherwise (anyone may then
   * continue any cursor, as in MongoDB).
   */
  public Set<String> cursorOwners() {
    if (!server.authEnabled()) {
      return Set.of();
    }
    return connection.auth().users().stream().map(User::id).collect(Collectors.toSet());
  }

  /** Who owns the cursors this request opens: {@link #cursorOwners()}, in its session. */
  public CursorOwner cursorOwner() {
    return new CursorOwner(cursorOwners(), session, TransactionContext.txnNumber());
  }

  /**
   * The statements of this retryable write, for a request sent with {@code lsid} and {@code
   * txnNumber} to a replica set member; empty for any other request, whose statements simply run.
   */
  public Optional<RetryableStatements> retryable() {
    if (txnNumber == null || session == null) {
      return Optional.empty();
    }
    return server
        .replicaSet()
        .map(member -> new RetryableStatements(member.retryableWrites(), session.id(), txnNumber));
  }

  /** The command's name: the body's first key. */
  public String commandName() {
    return body.getFirstKey();
  }
}
