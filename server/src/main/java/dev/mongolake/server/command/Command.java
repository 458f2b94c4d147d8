package dev.mongolake.server.command;

import java.util.Set;
import org.bson.BsonDocument;

/**
 * One database command (for example {@code ping} or {@code find}): a small handler registered by
 * name in the {@link CommandRegistry}.
 *
 * <p>Handlers are stateless and thread-safe; a handler reports failure by throwing {@link
 * dev.mongolake.MongoLakeException}, never by building an error document itself.
 */
public interface Command {

  /** The command's name as clients send it, for example {@code "buildInfo"}. */
  String name();

  /** Other names the command answers to, for example {@code isMaster} for {@code hello}. */
  default Set<String> aliases() {
    return Set.of();
  }

  /**
   * Whether a client must be authenticated to run this command when the server runs with
   * authentication on. Only the handshake and the authentication commands themselves say no.
   */
  default boolean requiresAuthentication() {
    return true;
  }

  /** One line for {@code listCommands}. */
  String help();

  /**
   * Runs the command.
   *
   * @return the reply fields; the dispatcher adds {@code ok: 1}
   */
  BsonDocument run(CommandRequest request);
}
