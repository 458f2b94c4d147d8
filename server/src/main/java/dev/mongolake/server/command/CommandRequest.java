package dev.mongolake.server.command;

import org.bson.BsonDocument;

/**
 * A command as a handler sees it.
 *
 * @param database the target database ({@code $db}, or the OP_QUERY namespace's database)
 * @param body the command document, document sequences merged in as arrays
 * @param connection the connection it arrived on
 * @param server server-wide state
 */
public record CommandRequest(
    String database, BsonDocument body, ConnectionInfo connection, ServerContext server) {

  /** The command's name: the body's first key. */
  public String commandName() {
    return body.getFirstKey();
  }
}
