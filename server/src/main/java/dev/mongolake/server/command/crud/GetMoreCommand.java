package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.MaxTimeMS;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNumber;
import org.bson.BsonValue;

/**
 * {@code getMore}: {@code {getMore: <cursor id>, collection: <coll>, batchSize}}. Sent with
 * OP_MSG's {@code exhaustAllowed} (an exhaust cursor), the connection streams the following batches
 * without further requests until the cursor is exhausted or fails; if the client leaves first, the
 * cursor is killed. A tailable cursor's getMore returns what was inserted since its last batch; an
 * awaitData one waits up to its {@code maxTimeMS} (1 second by default) for an insert when there is
 * none, on the request's own thread.
 */
public final class GetMoreCommand implements Command {

  private final CursorRegistry cursors;

  public GetMoreCommand(CursorRegistry cursors) {
    this.cursors = cursors;
  }

  /**
   * MongoDB 8's getMore fields ({@code maxTimeMS}, generic, is the wait of an awaitData cursor and
   * refused on any other).
   */
  private static final CommandFields FIELDS =
      CommandFields.of("getMore", "collection", "batchSize")
          .refusing("term", "lastKnownCommittedOpTime");

  @Override
  public String name() {
    return "getMore";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /** Any user may continue a cursor it opened; the registry refuses other users' cursors. */
  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  @Override
  public String help() {
    return "Get the next batch of a cursor.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    BsonValue id = body.get("getMore");
    if (!id.isInt64() && !id.isInt32()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'getMore.getMore' is the wrong type '"
              + CommandArguments.typeName(id)
              + "', expected type 'long'");
    }
    // Checked as the dispatcher checks it (a number of milliseconds); the registry then refuses it
    // on a cursor that is not awaitData, for which it is the wait.
    Long maxTimeMS = null;
    if (body.containsKey("maxTimeMS")) {
      long deadline = MaxTimeMS.deadline(body, 0);
      maxTimeMS = deadline == MaxTimeMS.NO_DEADLINE ? 0 : TimeUnit.NANOSECONDS.toMillis(deadline);
    }
    CommandArguments args = new CommandArguments("getMore", body);
    if (!body.isString("collection")) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "BSON field 'getMore.collection' is missing or not a string");
    }
    String collection = body.getString("collection").getValue();
    // The cursors of {aggregate: 1} and listCollections name the database's $cmd namespace.
    String namespace =
        collection.startsWith("$cmd.")
            ? request.database() + "." + collection
            : new Namespace(request.database(), collection).fullName();
    return cursors.nextBatch(
        id.asNumber().longValue(),
        namespace,
        args.nonNegativeInt("batchSize", 0),
        request.cursorOwners(),
        maxTimeMS);
  }

  /** An awaitData cursor's {@code maxTimeMS} is its wait for data, not a limit that fails it. */
  @Override
  public boolean limitedByMaxTimeMS(BsonDocument body) {
    return false;
  }

  /** An exhaust cursor dies with its stream: no other request could continue it. */
  @Override
  public void exhaustStreamBroken(BsonDocument next) {
    if (next.get("getMore") instanceof BsonNumber id) {
      cursors.kill(id.longValue());
    }
  }

  /**
   * The same request again while the cursor has more: its id stays the same. A tailable cursor's
   * empty batch ends the stream, so that a cursor with nothing new does not stream empty batches
   * without end.
   */
  @Override
  public Optional<BsonDocument> nextExhaustRequest(BsonDocument request, BsonDocument reply) {
    boolean ok = reply.get("ok") instanceof BsonNumber n && n.doubleValue() == 1.0;
    boolean more =
        reply.get("cursor") instanceof BsonDocument cursor
            && cursor.get("id") instanceof BsonNumber id
            && id.longValue() != 0
            && !(cursor.get("nextBatch") instanceof BsonArray batch && batch.isEmpty());
    return ok && more ? Optional.of(request) : Optional.empty();
  }
}
