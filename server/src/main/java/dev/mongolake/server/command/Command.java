package dev.mongolake.server.command;

import dev.mongolake.server.authz.Access;
import java.util.Optional;
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
   * What a client must be allowed to do to run {@code request} when the server runs with
   * authorization on ({@code --auth}): {@link Access#open()} for the handshake and authentication,
   * {@link Access#authenticated()} for what any user may do, otherwise MongoDB's privileges for the
   * request (for example {@code find} on the collection it reads). The dispatcher checks it before
   * {@link #run}; a command that declares nothing is denied to everyone.
   *
   * <p>May fail like {@link #run} for a request it cannot read (a collection name of the wrong
   * type, for example).
   */
  default Access access(CommandRequest request) {
    return Access.denied();
  }

  /**
   * The fields this command takes in its body (see {@link CommandFields}): the dispatcher refuses
   * any other before the command runs, so that no option is accepted and ignored. {@link
   * CommandFields#UNCHECKED} for a command that does not declare them yet (the registry's tests
   * list those by name).
   */
  default CommandFields fields() {
    return CommandFields.UNCHECKED;
  }

  /**
   * Whether the command is a retryable write (insert, update, delete, findAndModify, bulkWrite): on
   * a replica set member it takes a {@code txnNumber} and runs each of its statements at most once
   * per session and transaction number (see {@link CommandRequest#retryable()}).
   */
  default boolean retryableWrite() {
    return false;
  }

  /** One line for {@code listCommands}. */
  String help();

  /**
   * Runs the command.
   *
   * @return the reply fields; the dispatcher adds {@code ok: 1}
   */
  BsonDocument run(CommandRequest request);

  /**
   * For an OP_MSG request flagged {@code exhaustAllowed}: the request whose reply the server sends
   * next without being asked, if the stream goes on after {@code reply}. The connection then flags
   * {@code reply} {@code moreToCome} and runs the returned request itself; empty ends the stream
   * with {@code reply}. Only awaitable {@code hello} and {@code getMore} stream, as in MongoDB.
   *
   * @param request the request that produced {@code reply}
   * @param reply its reply, {@code ok: 1} or an error
   */
  default Optional<BsonDocument> nextExhaustRequest(BsonDocument request, BsonDocument reply) {
    return Optional.empty();
  }

  /**
   * For an exhaust stream that ended before the server answered {@code next}, the request returned
   * by {@link #nextExhaustRequest}: the client closed the connection, or a reply could not be
   * written. Releases what only the stream could still use; a {@code getMore} stream kills its
   * cursor, as MongoDB kills an exhaust cursor with its connection.
   */
  default void exhaustStreamBroken(BsonDocument next) {}

  /**
   * Whether a run with this body is quick, bounded work that waits for nothing but the CPU, memory
   * and the write-ahead log's queue (the wait for its writes' durability can be collected, see
   * {@link dev.mongolake.DeferredDurability}). A transport that serves many connections on one
   * thread runs such commands on that thread and every other command on a thread of its own.
   */
  default boolean quick(BsonDocument body) {
    return false;
  }

  /**
   * Whether the body's {@code maxTimeMS} limits the run (MongoDB's operation time limit). An
   * awaitData {@code getMore}'s is instead how long it waits for new documents, ending in an empty
   * batch rather than an error.
   */
  default boolean limitedByMaxTimeMS(BsonDocument body) {
    return true;
  }

  /**
   * Whether this invocation's duration belongs in the latency histograms. An awaitable {@code
   * hello} waits by design; MongoDB leaves it out of its latency statistics too.
   */
  default boolean measuresLatency(BsonDocument body) {
    return true;
  }
}
