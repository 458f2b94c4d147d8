package dev.mongolake.server.command.crud;

import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** {@code killCursors}: {@code {killCursors: <coll>, cursors: [ids]}}. */
public final class KillCursorsCommand implements Command {

  private final CursorRegistry cursors;

  public KillCursorsCommand(CursorRegistry cursors) {
    this.cursors = cursors;
  }

  private static final CommandFields FIELDS = CommandFields.of("killCursors", "cursors");

  @Override
  public String name() {
    return "killCursors";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * Killing one's own cursors needs no privilege; other users' cursors need {@code killAnyCursor}.
   */
  @Override
  public Access access(CommandRequest request) {
    Namespace namespace = CommandArguments.of(request).namespace(request.database());
    Set<String> users = request.cursorOwners();
    // A request without a cursor array kills nothing: run() refuses it.
    boolean ownCursors =
        !(request.body().get("cursors") instanceof BsonArray ids)
            || ids.stream()
                .allMatch(
                    id -> !id.isNumber() || cursors.usableBy(id.asNumber().longValue(), users));
    return ownCursors
        ? Access.authenticated()
        : Access.to(Resource.collection(namespace), ActionType.KILL_ANY_CURSOR);
  }

  @Override
  public String help() {
    return "Kill open cursors.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    args.namespace(request.database());
    BsonArray killed = new BsonArray();
    BsonArray notFound = new BsonArray();
    for (BsonValue id : args.array("cursors")) {
      if (id.isNumber() && cursors.kill(id.asNumber().longValue())) {
        killed.add(id);
      } else {
        notFound.add(id);
      }
    }
    return new BsonDocument("cursorsKilled", killed)
        .append("cursorsNotFound", notFound)
        .append("cursorsAlive", new BsonArray())
        .append("cursorsUnknown", new BsonArray());
  }
}
