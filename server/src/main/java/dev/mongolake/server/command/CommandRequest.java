package dev.mongolake.server.command;

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
 */
public record CommandRequest(
    String database,
    BsonDocument body,
    ConnectionInfo connection,
    ServerContext server,
    boolean exhaustAllowed) {

  /** A request that accepts exactly one reply. */
  public CommandRequest(
      String database, BsonDocument body, ConnectionInfo connection, ServerContext server) {
    this(database, body, connection, server, false);
  }

  /** The command's name: the body's first key. */
  public String commandName() {
    return body.getFirstKey();
  }
}
